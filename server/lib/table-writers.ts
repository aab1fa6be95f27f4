import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { dayDate, formatDateTime, formatDay, wallClockDate } from '../../contract/dates.format';
import { CSV_SEPARATOR } from '../../contract/reports.schema';

/*
 * The one writer of tables as files, for the grids' exports and the platform's reports:
 * rows (arrays of cells, in batches) as a stream, CSV for Excel in es-CO (UTF-8 BOM, ';'
 * between fields since ',' is the decimal mark there, CRLF, RFC 4180 quoting, formula-like
 * texts defused) or XLSX through exceljs's streaming WorkbookWriter, which writes each
 * committed row to the zip as it goes instead of holding the workbook in memory.
 *
 * Each column has a kind: a number or money stays a number (money in whole pesos, COP has
 * no decimals), a day is a real date shown dd/mm/aaaa, an instant the club's wall clock
 * dd/mm/aaaa hh:mm (never UTC).
 */

/** What a column holds: how its cells are written. */
export type ColumnKind = 'text' | 'number' | 'money' | 'date' | 'datetime';

export interface TableColumn {
  header: string;
  kind: ColumnKind;
}

/**
 * A cell: text, a number, a day ('AAAA-MM-DD' in a `date` column), an instant (a Date or
 * ISO text in a `datetime` column); null or undefined is an empty cell.
 */
export type Cell = string | number | Date | null | undefined;

/** What a file holds besides its rows: its sheet's name, columns and the club's zone. */
export interface TableSpec {
  sheet: string;
  columns: readonly TableColumn[];
  timeZone: string;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A text as a CSV field: quoted when it holds the separator, a quote or a line break. */
export function csvField(text: string): string {
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell as the text a CSV holds for its column's kind. */
export function cellText(value: Cell, kind: ColumnKind, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (kind === 'date' && typeof value === 'string') return formatDay(value);
  if ((kind === 'date' || kind === 'datetime') && value instanceof Date) {
    return kind === 'date'
      ? formatDay(wallClockDate(value, timeZone).toISOString())
      : formatDateTime(value, timeZone);
  }
  if (kind === 'datetime' && typeof value === 'string') {
    // A bare day has no time to move into the club's zone.
    return DAY_ONLY.test(value) ? formatDay(value) : formatDateTime(value, timeZone);
  }
  if (typeof value === 'number') return String(value);
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet (CSV injection).
  return kind === 'text' && FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV line (CRLF) of `cells` under `spec`'s columns. */
export function csvLine(spec: TableSpec, cells: readonly Cell[]): string {
  const fields = spec.columns.map((column, index) =>
    csvField(cellText(cells[index], column.kind, spec.timeZone)),
  );
  return `${fields.join(CSV_SEPARATOR)}\r\n`;
}

/** The CSV of `rows` (batches of data rows), the BOM and the header line first. */
export function csvStream(spec: TableSpec, rows: AsyncIterable<Cell[][]>): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(
      { ...spec, columns: spec.columns.map((column) => ({ ...column, kind: 'text' })) },
      spec.columns.map((column) => column.header),
    )}`;
    for await (const batch of rows) yield batch.map((cells) => csvLine(spec, cells)).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

const numberFormats: Partial<Record<ColumnKind, string>> = {
  money: '"$" #,##0',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

/** A cell as an XLSX value: numbers stay numbers, days and instants real dates. */
function xlsxValue(value: Cell, kind: ColumnKind, timeZone: string): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (kind === 'date' && typeof value === 'string') return dayDate(value) ?? value;
  if (kind === 'date' && value instanceof Date) {
    return dayDate(wallClockDate(value, timeZone).toISOString());
  }
  if (kind === 'datetime' && typeof value === 'string' && DAY_ONLY.test(value)) {
    return dayDate(value);
  }
  if (kind === 'datetime' && typeof value !== 'number') return wallClockDate(value, timeZone);
  return value;
}

/** The XLSX of `rows`: one sheet, a bold header, each row committed as it comes. */
export function xlsxStream(
  spec: TableSpec,
  rows: AsyncIterable<Cell[][]>,
  onError: (error: unknown) => void,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  // A sheet's name has at most 31 characters and none of []:*?/\ (Excel refuses the file).
  const sheet = workbook.addWorksheet(spec.sheet.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
  sheet.columns = spec.columns.map((column) => ({
    width: column.kind === 'text' ? 24 : column.kind === 'datetime' ? 18 : 14,
  }));
  const header = sheet.addRow(spec.columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  void (async () => {
    try {
      for await (const batch of rows) {
        if (out.destroyed) return;
        for (const cells of batch) {
          const row = sheet.addRow(
            spec.columns.map((column, index) =>
              xlsxValue(cells[index], column.kind, spec.timeZone),
            ),
          );
          spec.columns.forEach((column, index) => {
            const format = numberFormats[column.kind];
            if (format && cells[index] !== null && cells[index] !== undefined) {
              row.getCell(index + 1).numFmt = format;
            }
          });
          row.commit();
        }
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
