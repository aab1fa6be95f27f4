import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { personStatusLabels, type PersonStatus } from '../../../contract/people.schema';
import { StatusSwitch, type StatusSwitchProps } from '../status-switch';

/*
 * Columns every people grid repeats (trainers, players): the status switch and the row's
 * 'Editar' / 'Eliminar' buttons, each named after the row for screen readers.
 */

/** A row's own button besides 'Editar' and 'Eliminar' ('Invitar acudiente'). */
export interface RowButton<Row> {
  label: string;
  onClick: (row: Row) => void;
  /** Whether this row offers it (all rows when absent). */
  shownFor?: (row: Row) => boolean;
}

/** What the row buttons do; a missing one (no permission) is not drawn. */
export interface RowActions<Row> {
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
  /** Buttons drawn before 'Editar', each named after the row ('Invitar acudiente de Ana Pérez'). */
  more?: RowButton<Row>[];
}

/**
 * The 'Acciones' column of `actions`, or none when neither is allowed. `nameOf` names the
 * row in the buttons' accessible names ('Editar Ana Pérez').
 */
export function rowActionsColumn<Row extends GridValidRowModel>(
  { onEdit, onDelete, more = [] }: RowActions<Row>,
  nameOf: (row: Row) => string,
): GridColDef<Row>[] {
  if (!onEdit && !onDelete && more.length === 0) return [];
  return [
    {
      field: 'actions',
      headerName: 'Acciones',
      width: 190 + 150 * more.length,
      sortable: false,
      disableColumnMenu: true,
      disableExport: true,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', height: '100%' }}>
          {more
            .filter((button) => button.shownFor?.(row) ?? true)
            .map((button) => (
              <Button
                key={button.label}
                size="small"
                onClick={() => button.onClick(row)}
                aria-label={`${button.label} de ${nameOf(row)}`}
              >
                {button.label}
              </Button>
            ))}
          {onEdit && (
            <Button size="small" onClick={() => onEdit(row)} aria-label={`Editar ${nameOf(row)}`}>
              Editar
            </Button>
          )}
          {onDelete && (
            <Button
              size="small"
              color="error"
              onClick={() => onDelete(row)}
              aria-label={`Eliminar ${nameOf(row)}`}
            >
              Eliminar
            </Button>
          )}
        </Stack>
      ),
    },
  ];
}

/** How a people grid's status switches talk to the server (see StatusSwitch). */
export type StatusActions = Pick<StatusSwitchProps, 'canChange' | 'change' | 'refresh' | 'noun'>;

/** 'Estado': the row's status switch (the CSV gets 'Activo' / 'Inactivo'). */
export function statusColumn<Row extends GridValidRowModel & { id: number; status: PersonStatus }>(
  actions: StatusActions,
  nameOf: (row: Row) => string,
): GridColDef<Row> {
  return {
    field: 'status',
    headerName: 'Estado',
    width: 150,
    sortable: false,
    valueGetter: (_value, row) => personStatusLabels[row.status],
    renderCell: ({ row }) => (
      <StatusSwitch
        subject={{ id: row.id, name: nameOf(row) }}
        active={row.status === 'active'}
        {...actions}
      />
    ),
  };
}
