import PersonAdd from '@mui/icons-material/PersonAddAlt1';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { membersListQuery } from '../../api/members.api';
import { useAssignableRoles } from '../../api/roles.api';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { ClubScreen } from '../../components/list/club-screen';
import type { ListFilter } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { INVITATION_CREATE_OPTIONS } from '../../machines/invitations.actors';
import { MEMBER_ROLES_OPTIONS } from '../../machines/members.actors';
import * as dialog from '../../machines/save.selectors';
import { PendingInvitations } from '../invitations/pending-invitations';
import { InviteDialog } from '../invitations/invite-dialog';
import { MemberRolesDialog } from './member-roles-dialog';
import { memberCard, membersColumns, membersGrid } from './members.columns';
import { useInvitationCreateLogic } from '../invitations/invitations.logic';
import { useSelectedClubTimeZone } from '../calendar/use-club-time-zone';
import { useMemberRolesLogic } from './members.logic';

/** /home/admin/users-roles: the selected club's people, their roles, and invitations. */
export function MembersScreen() {
  return (
    <ClubScreen title="Asignación de Roles a Usuarios" needs="sus usuarios y roles">
      {(clubId) => <ClubMembers clubId={clubId} />}
    </ClubScreen>
  );
}

function ClubMembers({ clubId }: { clubId: number }) {
  const grid = useServerGrid(membersGrid, membersListQuery(clubId));
  const assignable = useAssignableRoles().data ?? [];
  const rolesActor = useActorRef(useMemberRolesLogic(clubId), { input: MEMBER_ROLES_OPTIONS });
  const editing = useSelector(rolesActor, dialog.selectSubject);
  const saving = useSelector(rolesActor, dialog.selectIsSaving);
  const rolesFailure = useSelector(rolesActor, dialog.selectFailure);
  const inviteActor = useActorRef(useInvitationCreateLogic(clubId), {
    input: INVITATION_CREATE_OPTIONS,
  });
  const inviteOpen = useSelector(inviteActor, dialog.selectIsOpen);
  const sending = useSelector(inviteActor, dialog.selectIsSaving);
  const sent = useSelector(inviteActor, dialog.selectSaved);
  const inviteFailure = useSelector(inviteActor, dialog.selectFailure);
  const timeZone = useSelectedClubTimeZone();
  const columns = useMemo(
    () =>
      membersColumns((member) => rolesActor.send({ type: 'save.open', subject: member }), timeZone),
    [rolesActor, timeZone],
  );

  // Beside the search by name or e-mail: the role.
  const filters: ListFilter[] = [
    {
      name: 'role_id',
      label: 'Rol',
      id: 'members-role-filter',
      all: 'Todos los roles',
      options: assignable.map((role) => ({ value: role.id, label: role.name })),
      minWidth: 220,
    },
  ];

  return (
    <ListPage
      title="Asignación de Roles a Usuarios"
      grid={grid}
      create={{
        label: 'Invitar usuario',
        icon: <PersonAdd />,
        onClick: () => inviteActor.send({ type: 'save.open', subject: null }),
      }}
      searchLabel="Buscar por nombre o correo"
      filters={filters}
      columns={columns}
      card={memberCard}
      ariaLabel="Usuarios del club"
      emptyText="No hay usuarios que coincidan"
      exportPath={`/pla_club_teams/${clubId}/members`}
    >
      <PendingInvitations clubId={clubId} />
      <MemberRolesDialog
        member={editing}
        roles={assignable}
        busy={saving}
        failure={rolesFailure}
        onCancel={() => rolesActor.send({ type: 'save.close' })}
        onSave={(roleIds) => rolesActor.send({ type: 'save.submit', values: roleIds })}
      />
      <InviteDialog
        open={inviteOpen}
        roles={assignable}
        busy={sending}
        failure={inviteFailure}
        sent={sent}
        onClose={() => inviteActor.send({ type: 'save.close' })}
        onSubmit={(values) => inviteActor.send({ type: 'save.submit', values })}
      />
    </ListPage>
  );
}
