import type { GridColDef } from '@mui/x-data-grid';
import { DEFAULT_TIME_ZONE, formatDateTime } from '../../../contract/dates.format';
import {
  type Communication,
  communicationChannelLabels,
  communicationKindLabels,
  communicationSortFields,
} from '../../../contract/communications.schema';
import type { CommunicationListParams } from '../../api/communications.api';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import type { ServerGridSpec } from '../../components/grid/use-server-grid';

/** 'Todos los usuarios', 'Rol: Entrenador', '3 clubes'. */
export function audienceText(audience: Communication['audience']) {
  if (audience.kind === 'all') return 'Todos los usuarios';
  if (audience.kind === 'role') return `Rol: ${audience.role}`;
  const n = audience.club_ids.length;
  return `${n} ${n === 1 ? 'club' : 'clubes'}`;
}

/** The history on the list contract: newest first. */
export const communicationsGrid: ServerGridSpec<CommunicationListParams, Communication> = {
  getRowId: (row) => row.id,
  sortable: communicationSortFields,
  defaultSort: '-created_at',
};

export const communicationCard: GridCardSpec = {
  title: 'title',
  fields: ['created_at', 'kind', 'audience', 'channels', 'recipients', 'delivered_at'],
};

/** The columns of the history; sortable ones carry the server's sort field. */
export const communicationsColumns: GridColDef<Communication>[] = [
  {
    field: 'created_at',
    headerName: 'Enviada',
    width: 170,
    // Platform-wide: the platform's zone (Bogotá), '06/12/2026 18:05'.
    valueGetter: (_value, row) => formatDateTime(row.created_at, DEFAULT_TIME_ZONE),
  },
  { field: 'title', headerName: 'Título', flex: 1, minWidth: 180 },
  {
    field: 'kind',
    headerName: 'Tipo',
    width: 150,
    sortable: false,
    valueGetter: (_value, row) => communicationKindLabels[row.kind],
  },
  {
    field: 'audience',
    headerName: 'Destinatarios',
    width: 170,
    sortable: false,
    valueGetter: (_value, row) => audienceText(row.audience),
  },
  {
    field: 'channels',
    headerName: 'Canales',
    width: 200,
    sortable: false,
    valueGetter: (_value, row) =>
      row.channels.map((channel) => communicationChannelLabels[channel]).join(' y '),
  },
  { field: 'recipients', headerName: 'Personas', width: 110, type: 'number' },
  {
    // A large audience is delivered by the queue after the send, batch by batch.
    field: 'delivered_at',
    headerName: 'Entrega',
    width: 120,
    sortable: false,
    valueGetter: (_value, row) => (row.delivered_at ? 'Entregada' : 'En curso'),
  },
  {
    field: 'sender',
    headerName: 'Enviada por',
    width: 170,
    sortable: false,
    valueGetter: (_value, row) => row.sender?.name ?? '—',
  },
];
