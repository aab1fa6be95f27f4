import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { DEFAULT_TIME_ZONE, formatDateTime } from '../../../contract/dates.format';
import {
  type AdminClub,
  type AdminClubListParams,
  adminClubSortFields,
  adminClubStatusLabels,
} from '../../../contract/admin-clubs.schema';
import {
  type AdminUser,
  type AdminUserListParams,
  adminUserSortFields,
} from '../../../contract/admin-users.schema';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import type { ServerGridSpec } from '../../components/grid/use-server-grid';

/** An instant as the platform's people read it (Bogotá): '06/12/2026 18:05'. */
export const when = (iso: string | null) => (iso ? formatDateTime(iso, DEFAULT_TIME_ZONE) : '—');

export const adminClubsGrid: ServerGridSpec<AdminClubListParams, AdminClub> = {
  getRowId: (club) => club.id,
  sortable: adminClubSortFields,
  defaultSort: '-created_at',
};
export const adminClubCard: GridCardSpec = {
  title: 'name',
  fields: ['status', 'owner_name', 'players_count', 'created_at'],
  actions: 'actions',
};

export function adminClubsColumns(actions: {
  onSuspend: (club: AdminClub) => void;
  onReactivate: (club: AdminClub) => void;
}): GridColDef<AdminClub>[] {
  return [
    { field: 'name', headerName: 'Club', flex: 1, minWidth: 180 },
    {
      field: 'status',
      headerName: 'Estado',
      width: 130,
      valueGetter: (_value, club) => adminClubStatusLabels[club.status],
      renderCell: ({ row }) => (
        <Chip
          size="small"
          label={adminClubStatusLabels[row.status]}
          color={
            row.status === 'suspended' ? 'error' : row.status === 'active' ? 'success' : 'default'
          }
          variant={row.status === 'archived' ? 'outlined' : 'filled'}
        />
      ),
    },
    {
      field: 'suspension_reason',
      headerName: 'Motivo de suspensión',
      width: 200,
      sortable: false,
      valueGetter: (_value, club) => club.suspension_reason ?? '',
    },
    {
      field: 'owner_name',
      headerName: 'Propietario',
      width: 220,
      valueGetter: (_value, club) =>
        club.owner_name ? `${club.owner_name} (${club.owner_email ?? 'sin correo'})` : '—',
    },
    { field: 'players_count', headerName: 'Jugadores', width: 110, type: 'number' },
    { field: 'members_count', headerName: 'Miembros', width: 110, type: 'number' },
    {
      field: 'created_at',
      headerName: 'Creado',
      width: 170,
      valueGetter: (_value, club) => when(club.created_at),
    },
    {
      field: 'actions',
      headerName: 'Acciones',
      width: 140,
      sortable: false,
      disableColumnMenu: true,
      disableExport: true,
      renderCell: ({ row }) =>
        row.status === 'suspended' ? (
          <Button
            size="small"
            onClick={() => actions.onReactivate(row)}
            aria-label={`Reactivar ${row.name}`}
          >
            Reactivar
          </Button>
        ) : (
          <Button
            size="small"
            color="error"
            onClick={() => actions.onSuspend(row)}
            aria-label={`Suspender ${row.name}`}
          >
            Suspender
          </Button>
        ),
    },
  ];
}

export const adminUsersGrid: ServerGridSpec<AdminUserListParams, AdminUser> = {
  getRowId: (user) => user.id,
  sortable: adminUserSortFields,
  defaultSort: '-created_at',
};
export const adminUserCard: GridCardSpec = {
  title: 'name',
  fields: ['email', 'locked_at', 'clubs_count'],
  actions: 'actions',
};

export const fullName = (user: Pick<AdminUser, 'name' | 'lastname'>) =>
  `${user.name} ${user.lastname}`;

export function adminUsersColumns(actions: {
  onLock: (user: AdminUser) => void;
  onUnlock: (user: AdminUser) => void;
  onReset: (user: AdminUser) => void;
  onMemberships: (user: AdminUser) => void;
}): GridColDef<AdminUser>[] {
  return [
    {
      field: 'name',
      headerName: 'Nombre',
      flex: 1,
      minWidth: 180,
      valueGetter: (_value, user) => fullName(user),
    },
    { field: 'email', headerName: 'Correo', width: 220, valueGetter: (v) => v ?? '—' },
    {
      field: 'status',
      headerName: 'Estado',
      width: 110,
      valueGetter: (_value, user) => (user.status === 'active' ? 'Activo' : 'Inactivo'),
    },
    {
      field: 'locked_at',
      headerName: 'Bloqueo',
      width: 180,
      valueGetter: (_value, user) =>
        user.locked_at ? `Bloqueado: ${user.locked_reason ?? ''}` : 'No',
    },
    {
      field: 'is_super_admin',
      headerName: 'Super admin',
      width: 120,
      sortable: false,
      valueGetter: (_value, user) => (user.is_super_admin ? 'Sí' : 'No'),
    },
    { field: 'clubs_count', headerName: 'Clubes', width: 100, type: 'number' },
    {
      field: 'created_at',
      headerName: 'Creado',
      width: 170,
      valueGetter: (_value, user) => when(user.created_at),
    },
    {
      field: 'actions',
      headerName: 'Acciones',
      width: 330,
      sortable: false,
      disableColumnMenu: true,
      disableExport: true,
      renderCell: ({ row }) => {
        const name = fullName(row);
        return (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', height: '100%' }}>
            <Button
              size="small"
              onClick={() => actions.onMemberships(row)}
              aria-label={`Clubes de ${name}`}
            >
              Clubes
            </Button>
            {row.locked_at ? (
              <Button
                size="small"
                onClick={() => actions.onUnlock(row)}
                aria-label={`Desbloquear a ${name}`}
              >
                Desbloquear
              </Button>
            ) : (
              <Button
                size="small"
                color="error"
                onClick={() => actions.onLock(row)}
                aria-label={`Bloquear a ${name}`}
              >
                Bloquear
              </Button>
            )}
            <Button
              size="small"
              onClick={() => actions.onReset(row)}
              aria-label={`Restablecer la contraseña de ${name}`}
            >
              Restablecer
            </Button>
          </Stack>
        );
      },
    },
  ];
}
