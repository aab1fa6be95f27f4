import type { z } from 'zod';
import type { adminUserSchema } from '../../../contract/admin-users.schema';
import type { ExportColumn } from '../../lib/list-export';

type AdminUser = z.infer<typeof adminUserSchema>;

/** The platform's users export (issue #34 item 3): the grid's columns. */
export const adminUserExportColumns: ExportColumn<AdminUser>[] = [
  { header: 'ID', kind: 'number', cell: (row) => row.id },
  { header: 'Nombre', kind: 'text', cell: (row) => row.name },
  { header: 'Apellido', kind: 'text', cell: (row) => row.lastname },
  { header: 'Correo electrónico', kind: 'text', cell: (row) => row.email },
  { header: 'Documento', kind: 'text', cell: (row) => row.document_number },
  {
    header: 'Estado',
    kind: 'text',
    cell: (row) => (row.status === 'inactive' ? 'Inactivo' : 'Activo'),
  },
  { header: 'Bloqueado', kind: 'datetime', cell: (row) => row.locked_at },
  { header: 'Motivo del bloqueo', kind: 'text', cell: (row) => row.locked_reason },
  { header: 'Super admin', kind: 'text', cell: (row) => (row.is_super_admin ? 'Sí' : 'No') },
  { header: 'Clubes', kind: 'number', cell: (row) => row.clubs_count },
  { header: 'Creado', kind: 'datetime', cell: (row) => row.created_at },
];
