import PersonAdd from '@mui/icons-material/PersonAddAlt1';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { MEMBER_PAGE_SIZES } from '../../../contract/members.schema';
import { useMembers } from '../../api/members.api';
import { useAssignableRoles } from '../../api/roles.api';
import { AuthContext } from '../../app/auth-context';
import { selectSelectedClubId } from '../../machines/auth.selectors';
import * as invite from '../../machines/invitation-create.selectors';
import * as roles from '../../machines/member-roles.selectors';
import { PendingInvitations } from '../invitations/pending-invitations';
import { InviteDialog } from '../invitations/invite-dialog';
import { MemberRolesDialog } from './member-roles-dialog';
import { MembersToolbar } from './members-toolbar';
import { membersColumns } from './members.columns';
import { useInvitationCreateLogic } from '../invitations/invitations.logic';
import { useMemberRolesLogic } from './members.logic';
import { useMembersModel } from './members.model';

const gridLocale = esES.components.MuiDataGrid.defaultProps.localeText;

function NoMembers() {
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center' }}>
      No hay usuarios que coincidan
    </Stack>
  );
}

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
  const model = useMembersModel();
  const members = useMembers(clubId, model.params);
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
        search={model.searchText}
        onSearch={model.setSearchText}
        roleId={model.roleId}
        onRole={model.setRoleId}
        roles={assignable}
      />
      {members.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void members.refetch()}>
              Reintentar
            </Button>
          }
        >
          {members.error.message}
        </Alert>
      )}
      <DataGrid
        aria-label="Usuarios del club"
        autoHeight
        rows={members.data?.data ?? []}
        getRowId={(member) => member.user_id}
        columns={columns}
        rowCount={members.data?.meta.total ?? 0}
        loading={members.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={model.pagination}
        onPaginationModelChange={model.setPagination}
        pageSizeOptions={[...MEMBER_PAGE_SIZES]}
        sortModel={model.sortModel}
        onSortModelChange={model.setSortModel}
        disableColumnFilter
        disableRowSelectionOnClick
        localeText={gridLocale}
        slots={{ noRowsOverlay: NoMembers, noResultsOverlay: NoMembers }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        sx={{ bgcolor: 'background.paper' }}
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
