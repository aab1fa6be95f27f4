import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  CSV_SEPARATOR,
  type ReportKind,
  reportColumns,
  reportTitles,
} from '../../../contract/reports.schema';

/*
 * A report's rows (arrays of cells, header first) as a stream: CSV (UTF-8 BOM, ';',
 * CRLF, RFC 4180 quoting) or XLSX through exceljs's streaming WorkbookWriter, which writes
 * each committed row to the zip as it goes instead of holding the workbook in memory.
 */

export type Cell = string | number;

/** A cell as CSV: quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: Cell): string {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet (CSV injection).
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) || safe.includes(CSV_SEPARATOR)
    ? `"${safe.replace(/"/g, '""')}"`
    : safe;
}

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;

/** The CSV of `rows` (batches of data rows), the BOM and the header line first. */
export function csvStream(report: ReportKind, rows: AsyncIterable<Cell[][]>): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(reportColumns[report])}`;
    for await (const batch of rows) yield batch.map(csvLine).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

/** The XLSX of `rows`: one sheet, a bold header, each row committed as it comes. */
export function xlsxStream(
  report: ReportKind,
  rows: AsyncIterable<Cell[][]>,
  onError: (error: unknown) => void,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(reportTitles[report].slice(0, 31));
  const header = sheet.addRow([...reportColumns[report]]);
  header.font = { bold: true };
  header.commit();
  void (async () => {
    try {
      for await (const batch of rows) {
        if (out.destroyed) return;
        for (const cells of batch) sheet.addRow(cells).commit();
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
