import type { MemberListResponse } from '../../../contract/members.schema';
import type { ExportColumn } from '../../lib/list-export';

type Member = MemberListResponse['data'][number];

/** The members export (issue #34 item 3): the grid's columns. */
export const memberExportColumns: ExportColumn<Member>[] = [
  { header: 'Nombre', kind: 'text', cell: (row) => row.name },
  { header: 'Apellido', kind: 'text', cell: (row) => row.lastname },
  { header: 'Correo electrónico', kind: 'text', cell: (row) => row.email },
  { header: 'Roles', kind: 'text', cell: (row) => row.roles.map((role) => role.name).join(', ') },
  { header: 'Ingreso', kind: 'datetime', cell: (row) => row.joined_at },
];
