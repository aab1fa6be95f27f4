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
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import { type ServerGridSpec, useServerGrid } from '../../components/grid/use-server-grid';
import { when } from './admin-system.columns';
import { FilterSelect, SystemGridTab } from './system-grid-tab';

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
    <SystemGridTab
      grid={grid}
      searchLabel="Buscar por acción, persona o club"
      filters={
        <>
          <FilterSelect
            label="Acción"
            value={grid.filters.action ?? ''}
            onChange={(action) => grid.setFilter('action', action || undefined)}
            allLabel="Todas las acciones"
            options={auditActions}
            labels={auditActionLabels}
            minWidth={220}
          />
          <DateFilter
            label="Desde"
            value={grid.filters.from}
            onChange={(from) => grid.setFilter('from', from)}
          />
          <DateFilter
            label="Hasta"
            value={grid.filters.to}
            onChange={(to) => grid.setFilter('to', to)}
          />
        </>
      }
      columns={columns}
      card={auditCard}
      ariaLabel="Registro de auditoría"
      emptyText="No hay acciones registradas con estos filtros"
      exportPath="/admin/audit-log"
    />
  );
}

function DateFilter(props: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <TextField
      label={props.label}
      type="date"
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.target.value || undefined)}
      margin="none"
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
