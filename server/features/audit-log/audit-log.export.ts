import { type AuditEntry, auditActionLabels } from '../../../contract/audit-log.schema';
import type { ExportColumn } from '../../lib/list-export';

const actionLabel = (action: string) =>
  (auditActionLabels as Record<string, string>)[action] ?? action;

/** The audit log export (issue #34 item 3): the grid's columns, details as JSON text. */
export const auditExportColumns: ExportColumn<AuditEntry>[] = [
  { header: 'Fecha', kind: 'datetime', cell: (row) => row.at },
  { header: 'Acción', kind: 'text', cell: (row) => actionLabel(row.action) },
  { header: 'Usuario', kind: 'text', cell: (row) => row.actor_name },
  { header: 'Club', kind: 'text', cell: (row) => row.club_name },
  { header: 'Objeto', kind: 'text', cell: (row) => row.target_type },
  { header: 'ID del objeto', kind: 'number', cell: (row) => row.target_id },
  { header: 'Detalles', kind: 'text', cell: (row) => JSON.stringify(row.details) },
  { header: 'IP', kind: 'text', cell: (row) => row.ip },
];
