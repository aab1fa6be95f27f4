import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import {
  type AuditAction,
  type AuditEntry,
  type AuditLogParams,
  auditActionLabels,
  auditActions,
  auditSortFields,
} from '../../../contract/audit-log.schema';
import { auditLogListQuery } from '../../api/audit-log.api';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import { type ServerGridSpec, useServerGrid } from '../../components/grid/use-server-grid';
import { when } from './admin-system.columns';

const auditGrid: ServerGridSpec<AuditLogParams, AuditEntry> = {
  getRowId: (entry) => entry.id,
  sortable: auditSortFields,
  defaultSort: '-at',
};
const auditCard: GridCardSpec = { title: 'action', fields: ['at', 'actor_name', 'club_name'] };

const labelOf = (action: string) => auditActionLabels[action as AuditAction] ?? action;
/** The details as 'clave: valor' pairs (never a password: the services do not write one). */
const detailsText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join(' · ');

const columns: GridColDef<AuditEntry>[] = [
  { field: 'at', headerName: 'Fecha', width: 170, valueGetter: (_v, row) => when(row.at) },
  {
    field: 'action',
    headerName: 'Acción',
    width: 220,
    sortable: false,
    valueGetter: (_v, row) => labelOf(row.action),
  },
  {
    field: 'actor_name',
    headerName: 'Quién',
    width: 180,
    sortable: false,
    valueGetter: (v) => v ?? 'Anónimo',
  },
  {
    field: 'club_name',
    headerName: 'Club',
    width: 170,
    sortable: false,
    valueGetter: (v) => v ?? '—',
  },
  {
    field: 'target',
    headerName: 'Objeto',
    width: 130,
    sortable: false,
    valueGetter: (_v, row) =>
      row.target_type ? `${row.target_type} #${row.target_id ?? ''}` : '—',
  },
  {
    field: 'details',
    headerName: 'Detalle',
    flex: 1,
    minWidth: 220,
    sortable: false,
    valueGetter: (_v, row) => detailsText(row.details),
  },
  { field: 'ip', headerName: 'IP', width: 130, sortable: false, valueGetter: (v) => v ?? '—' },
];

/** 'Auditoría': the immutable log of sensitive actions, newest first, filterable. */
export function AuditTab() {
  const grid = useServerGrid(auditGrid, auditLogListQuery);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
        <TextField
          label="Buscar por acción, persona o club"
          type="search"
          value={grid.searchText}
          onChange={(event) => grid.setSearchText(event.target.value)}
          margin="none"
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          label="Acción"
          value={grid.filters.action ?? ''}
          onChange={(event) =>
            grid.setFilter('action', (event.target.value || undefined) as AuditAction | undefined)
          }
          margin="none"
          sx={{ minWidth: { sm: 220 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Todas las acciones</MenuItem>
          {auditActions.map((each) => (
            <MenuItem key={each} value={each}>
              {auditActionLabels[each]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Desde"
          type="date"
          value={grid.filters.from ?? ''}
          onChange={(event) => grid.setFilter('from', event.target.value || undefined)}
          margin="none"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Hasta"
          type="date"
          value={grid.filters.to ?? ''}
          onChange={(event) => grid.setFilter('to', event.target.value || undefined)}
          margin="none"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <ServerDataGrid
        grid={grid}
        columns={columns}
        card={auditCard}
        ariaLabel="Registro de auditoría"
        emptyText="No hay acciones registradas con estos filtros"
        exportName="registro-de-auditoria"
      />
    </>
  );
}
