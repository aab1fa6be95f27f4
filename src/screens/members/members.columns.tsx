import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import {
  type Member,
  type MemberListParams,
  memberSortFields,
} from '../../../contract/members.schema';
import { formatInstantDay } from '../../../contract/dates.format';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import type { ServerGridSpec } from '../../components/grid/use-server-grid';

/** "Ana Gómez". */
export const fullName = (member: Pick<Member, 'name' | 'lastname'>) =>
  `${member.name} ${member.lastname}`.trim();

/** The members grid on the list contract: sorted by name, no role filter at first. */
export const membersGrid: ServerGridSpec<MemberListParams, Member> = {
  getRowId: (member) => member.user_id,
  sortable: memberSortFields,
  defaultSort: 'name',
};

/** A member's card on a phone: the name, e-mail, roles and the button to change them. */
export const memberCard: GridCardSpec = {
  title: 'name',
  fields: ['email', 'roles'],
  actions: 'actions',
};

/**
 * The columns of 'Asignación de Roles a Usuarios'. Sortable ones carry the server's sort
 * field as their `field` (contract/members.schema.ts `memberSortFields`).
 */
export function membersColumns(
  onEditRoles: (member: Member) => void,
  timeZone: string,
): GridColDef<Member>[] {
  return [
    {
      field: 'name',
      headerName: 'Nombre',
      flex: 1,
      minWidth: 180,
      valueGetter: (_value, member) => fullName(member),
    },
    {
      field: 'email',
      headerName: 'Correo',
      flex: 1,
      minWidth: 200,
      // A child the club added has no e-mail (and no login).
      valueGetter: (_value, member) => member.email ?? 'Sin correo',
    },
    {
      field: 'roles',
      headerName: 'Roles',
      flex: 1,
      minWidth: 200,
      sortable: false,
      // The CSV gets the names; the cell shows them as chips.
      valueGetter: (_value, member) => member.roles.map((role) => role.name).join(', '),
      renderCell: ({ row }) => (
        <Stack
          direction="row"
          sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center', height: '100%' }}
        >
          {row.roles.map((role) => (
            <Chip key={role.id} label={role.name} size="small" />
          ))}
        </Stack>
      ),
    },
    {
      field: 'joined_at',
      headerName: 'Miembro desde',
      width: 140,
      // The day they joined in the club's zone (22/11/2026).
      valueFormatter: (value: string) => formatInstantDay(value, timeZone),
    },
    {
      field: 'actions',
      headerName: 'Acciones',
      width: 150,
      sortable: false,
      disableColumnMenu: true,
      disableExport: true,
      renderCell: ({ row }) => (
        <Button
          size="small"
          onClick={() => onEditRoles(row)}
          aria-label={`Cambiar roles de ${fullName(row)}`}
        >
          Cambiar roles
        </Button>
      ),
    },
  ];
}
