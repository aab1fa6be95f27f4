import {
  type AdminClubListResponse,
  adminClubStatusLabels,
} from '../../../contract/admin-clubs.schema';
import type { ExportColumn } from '../../lib/list-export';

type AdminClub = AdminClubListResponse['data'][number];

/** The platform's clubs export (issue #34 item 3): the grid's columns. */
export const adminClubExportColumns: ExportColumn<AdminClub>[] = [
  { header: 'ID', kind: 'number', cell: (row) => row.id },
  { header: 'Nombre', kind: 'text', cell: (row) => row.name },
  { header: 'Estado', kind: 'text', cell: (row) => adminClubStatusLabels[row.status] },
  { header: 'Motivo de suspensión', kind: 'text', cell: (row) => row.suspension_reason },
  { header: 'Suspendido', kind: 'datetime', cell: (row) => row.suspended_at },
  { header: 'Propietario', kind: 'text', cell: (row) => row.owner_name },
  { header: 'Correo del propietario', kind: 'text', cell: (row) => row.owner_email },
  { header: 'Jugadores', kind: 'number', cell: (row) => row.players_count },
  { header: 'Miembros', kind: 'number', cell: (row) => row.members_count },
  { header: 'Creado', kind: 'datetime', cell: (row) => row.created_at },
];
