import {
  type CommunicationListResponse,
  communicationChannelLabels,
  communicationKindLabels,
} from '../../../contract/communications.schema';
import type { ExportColumn } from '../../lib/list-export';

type Communication = CommunicationListResponse['data'][number];

const audienceText = ({ audience }: Communication) =>
  audience.kind === 'all'
    ? 'Todos'
    : audience.kind === 'role'
      ? `Rol: ${audience.role}`
      : `Clubes: ${audience.club_ids.join(', ')}`;

/** The communications export (issue #34 item 3): the grid's columns. */
export const communicationExportColumns: ExportColumn<Communication>[] = [
  { header: 'Fecha', kind: 'datetime', cell: (row) => row.created_at },
  { header: 'Tipo', kind: 'text', cell: (row) => communicationKindLabels[row.kind] },
  { header: 'Título', kind: 'text', cell: (row) => row.title },
  { header: 'Mensaje', kind: 'text', cell: (row) => row.body },
  { header: 'Público', kind: 'text', cell: audienceText },
  {
    header: 'Canales',
    kind: 'text',
    cell: (row) => row.channels.map((channel) => communicationChannelLabels[channel]).join(', '),
  },
  { header: 'Destinatarios', kind: 'number', cell: (row) => row.recipients },
  { header: 'Enviada por', kind: 'text', cell: (row) => row.sender?.name ?? null },
];
