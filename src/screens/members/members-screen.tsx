import PersonAdd from '@mui/icons-material/PersonAddAlt1';
import { useMemo } from 'react';
import { membersListQuery } from '../../api/members.api';
import { useAssignableRoles } from '../../api/roles.api';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { ClubScreen } from '../../components/list/club-screen';
import type { ListFilter } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { useSaveFlow } from '../../components/use-machine-flow';
import { INVITATION_CREATE_OPTIONS } from '../../machines/invitations.actors';
import { MEMBER_ROLES_OPTIONS } from '../../machines/members.actors';
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
  const roles = useSaveFlow(useMemberRolesLogic(clubId), MEMBER_ROLES_OPTIONS);
  const invite = useSaveFlow(useInvitationCreateLogic(clubId), INVITATION_CREATE_OPTIONS);
  const { open: editRoles } = roles;
  const timeZone = useSelectedClubTimeZone();
  const columns = useMemo(() => membersColumns(editRoles, timeZone), [editRoles, timeZone]);

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
        onClick: () => invite.open(null),
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
        member={roles.subject}
        roles={assignable}
        busy={roles.busy}
        failure={roles.failure}
        onCancel={roles.close}
        onSave={roles.submit}
      />
      <InviteDialog
        open={invite.isOpen}
        roles={assignable}
        busy={invite.busy}
        failure={invite.failure}
        sent={invite.saved}
        onClose={invite.close}
        onSubmit={invite.submit}
      />
    </ListPage>
  );
}
