import PersonAdd from '@mui/icons-material/PersonAddAlt1';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { membersListQuery } from '../../api/members.api';
import { useAssignableRoles } from '../../api/roles.api';
import { AuthContext } from '../../app/auth-context';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { selectSelectedClubId } from '../../machines/auth.selectors';
import { INVITATION_CREATE_OPTIONS } from '../../machines/invitations.actors';
import { MEMBER_ROLES_OPTIONS } from '../../machines/members.actors';
import * as dialog from '../../machines/save.selectors';
import { PendingInvitations } from '../invitations/pending-invitations';
import { InviteDialog } from '../invitations/invite-dialog';
import { MemberRolesDialog } from './member-roles-dialog';
import { MembersToolbar } from './members-toolbar';
import { memberCard, membersColumns, membersGrid } from './members.columns';
import { useInvitationCreateLogic } from '../invitations/invitations.logic';
import { useSelectedClubTimeZone } from '../calendar/use-club-time-zone';
import { useMemberRolesLogic } from './members.logic';

/** /home/admin/users-roles: the selected club's people, their roles, and invitations. */
export function MembersScreen() {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      {clubId > 0 ? (
        <ClubMembers key={clubId} clubId={clubId} />
      ) : (
        <>
          <Typography variant="h1" sx={{ mb: 3 }}>
            Asignación de Roles a Usuarios
          </Typography>
          <Alert severity="info">
            Selecciona un club en{' '}
            <Link component={RouterLink} to="/home/club-team">
              Club / Equipo
            </Link>{' '}
            para ver sus usuarios y roles.
          </Alert>
        </>
      )}
    </Box>
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

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">Asignación de Roles a Usuarios</Typography>
        <Button
          variant="contained"
          startIcon={<PersonAdd />}
          onClick={() => inviteActor.send({ type: 'save.open', subject: null })}
        >
          Invitar usuario
        </Button>
      </Stack>
      <MembersToolbar
        search={grid.searchText}
        onSearch={grid.setSearchText}
        roleId={grid.filters.role_id ?? 0}
        onRole={(roleId) => grid.setFilter('role_id', roleId > 0 ? roleId : undefined)}
        roles={assignable}
      />
      <ServerDataGrid
        grid={grid}
        columns={columns}
        card={memberCard}
        ariaLabel="Usuarios del club"
        emptyText="No hay usuarios que coincidan"
        exportPath={`/pla_club_teams/${clubId}/members`}
      />
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
    </>
  );
}
