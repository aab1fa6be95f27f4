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
import * as invite from '../../machines/invitation-create.selectors';
import * as roles from '../../machines/member-roles.selectors';
import { PendingInvitations } from '../invitations/pending-invitations';
import { InviteDialog } from '../invitations/invite-dialog';
import { MemberRolesDialog } from './member-roles-dialog';
import { MembersToolbar } from './members-toolbar';
import { memberCard, membersColumns, membersGrid } from './members.columns';
import { useInvitationCreateLogic } from '../invitations/invitations.logic';
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
  const rolesActor = useActorRef(useMemberRolesLogic(clubId));
  const editing = useSelector(rolesActor, roles.selectMemberToEdit);
  const saving = useSelector(rolesActor, roles.selectIsSaving);
  const rolesFailure = useSelector(rolesActor, roles.selectFailure);
  const inviteActor = useActorRef(useInvitationCreateLogic(clubId));
  const inviteOpen = useSelector(inviteActor, invite.selectIsOpen);
  const sending = useSelector(inviteActor, invite.selectIsSending);
  const sent = useSelector(inviteActor, invite.selectSent);
  const inviteFailure = useSelector(inviteActor, invite.selectFailure);
  const columns = useMemo(
    () => membersColumns((member) => rolesActor.send({ type: 'roles.edit', member })),
    [rolesActor],
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
          onClick={() => inviteActor.send({ type: 'invite.open' })}
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
        exportName="usuarios-del-club"
      />
      <PendingInvitations clubId={clubId} />
      <MemberRolesDialog
        member={editing}
        roles={assignable}
        busy={saving}
        failure={rolesFailure}
        onCancel={() => rolesActor.send({ type: 'roles.cancel' })}
        onSave={(roleIds) => rolesActor.send({ type: 'roles.save', roleIds })}
      />
      <InviteDialog
        open={inviteOpen}
        roles={assignable}
        busy={sending}
        failure={inviteFailure}
        sent={sent}
        onClose={() => inviteActor.send({ type: 'invite.close' })}
        onSubmit={(values) => inviteActor.send({ type: 'invite.submit', values })}
      />
    </>
  );
}
