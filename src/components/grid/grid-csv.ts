import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/*
 * The CSV of a page of rows outside the DataGrid (the phone cards), written as the
 * DataGrid's own export writes it: the columns' formatted values, comma-separated, a BOM
 * for Excel, and formula-like cells escaped.
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

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break; a text a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe, as the DataGrid's `escapeFormulas`.
 */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV of `rows` over the columns that export (not actions, not `disableExport`). */
export function rowsToCsv<Row extends GridValidRowModel>(
  columns: readonly GridColDef<Row>[],
  rows: readonly Row[],
): string {
  const exported = columns.filter((column) => column.type !== 'actions' && !column.disableExport);
  return tableToCsv(
    exported.map((column) => column.headerName ?? column.field),
    rows.map((row) => exported.map((column) => cellText(column, row))),
  );
}

/** The CSV of a header and its lines of texts (each field quoted and defused as needed). */
export function tableToCsv(header: readonly string[], lines: readonly (readonly string[])[]) {
  return [header, ...lines]
    .map((fields) => fields.map((field) => csvField(field)).join(','))
    .join('\r\n');
}

/** Saves `csv` as `<fileName>.csv`, with the BOM Excel needs to read UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `${fileName}.csv`,
  });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
