import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/*
 * A column's cell outside the DataGrid (the phone cards): its value and its text as the
 * grid's own cell shows them.
 */

type Call = (...args: unknown[]) => unknown;

/** A column's value for a row: its `valueGetter`'s, else the row's field. */
export function cellValue<Row extends GridValidRowModel>(column: GridColDef<Row>, row: Row) {
  const raw: unknown = row[column.field];
  return column.valueGetter ? (column.valueGetter as Call)(raw, row, column, undefined) : raw;
}

/** A column's text for a row: its `valueFormatter` over its value, as the grid shows it. */
export function cellText<Row extends GridValidRowModel>(column: GridColDef<Row>, row: Row): string {
  const value = cellValue(column, row);
  const formatted = column.valueFormatter
    ? (column.valueFormatter as Call)(value, row, column, undefined)
    : value;
  return formatted === null || formatted === undefined ? '' : String(formatted as string);
}
