import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  PLAYER_IMPORT_MAX_ROWS,
  playerImportMessages,
} from '../../../contract/player-imports.schema';
import type { PlayerImportMapping } from '../../../contract/player-imports.schema';
import { AppError } from '../../lib/app-error';
import type { CheckedRow } from './player-imports.rows';
import { checkZip } from './player-imports.zip';

/** A spreadsheet as text: its header row and each data row with its 1-based line. */
export interface ParsedSheet {
  headers: string[];
  rows: { line: number; cells: string[] }[];
  /** The rows as the parsing worker checked them for `mapping` (player-imports.check.ts). */
  checked?: {
    mapping: PlayerImportMapping;
    rows: CheckedRow[];
    /** Planned once only (a preview): the rows are handed over without a copy. */
    once?: boolean;
    planned?: boolean;
  };
}

export type SheetType = 'csv' | 'xlsx';

const refuse = (message: string, status = 400) =>
  new AppError(status, message, { errors: [{ path: 'file', message }] });

/** ZIP local file header 'PK\x03\x04': an .xlsx is a ZIP. */
const isZip = (bytes: Buffer) =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  bytes[2] === 0x03 &&
  bytes[3] === 0x04;

/**
 * The file's type by its content, never by its name: a ZIP is an Excel workbook; text
 * without NUL bytes (UTF-8, or Windows-1252 as older Excel saves a CSV) is CSV; anything
 * else (an image, a PDF, an old .xls) is refused.
 */
export function sheetTypeOf(bytes: Buffer): SheetType | null {
  if (isZip(bytes)) return 'xlsx';
  if (bytes.includes(0)) return null;
  return 'csv';
}

/** The text of a CSV: UTF-8 (its BOM dropped) or, when not valid UTF-8, Windows-1252. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const blank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

function finish(headerCells: string[] | undefined, rows: ParsedSheet['rows']): ParsedSheet {
  const headers = (headerCells ?? []).map((cell) => cell.trim());
  if (headers.every((header) => header === '')) throw refuse(playerImportMessages.empty);
  const data = rows.filter((row) => !blank(row.cells));
  if (data.length === 0) throw refuse(playerImportMessages.empty);
  if (data.length > PLAYER_IMPORT_MAX_ROWS) throw refuse(playerImportMessages.tooManyRows);
  return { headers, rows: data };
}

/**
 * A CSV with ',' or ';' (Excel in Spanish saves ';'), quoted fields allowed. Read record
 * by record: past the limit (plus as many blank lines), it stops and refuses the file
 * without reading the rest.
 */
function parseCsv(bytes: Buffer): ParsedSheet {
  const text = decodeText(bytes);
  let header: string[] | undefined;
  const rows: ParsedSheet['rows'] = [];
  let tooMany = false;
  Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t', '|'],
    step: (result, parser) => {
      if (header === undefined) {
        header = result.data;
        return;
      }
      // The line of a record: the header is line 1 (a quoted line break makes lines drift;
      // records are what a spreadsheet shows as rows).
      rows.push({ line: rows.length + 2, cells: result.data });
      if (rows.length > PLAYER_IMPORT_MAX_ROWS * 2) {
        tooMany = true;
        parser.abort();
      }
    },
  });
  if (tooMany) throw refuse(playerImportMessages.tooManyRows);
  return finish(header, rows);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the text a person sees: dates as AAAA-MM-DD, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/**
 * The first worksheet of an .xlsx workbook, once its central directory says it unpacks
 * within the limits (player-imports.zip.ts).
 */
async function parseXlsx(bytes: Buffer): Promise<ParsedSheet> {
  checkZip(bytes);
  // Loaded when a workbook comes: CSV files (and the worker's start) do without it.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse(playerImportMessages.wrongType, 415);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse(playerImportMessages.empty);
  if (sheet.actualRowCount > PLAYER_IMPORT_MAX_ROWS + 1)
    throw refuse(playerImportMessages.tooManyRows);
  const width = sheet.actualColumnCount;
  const lines: { line: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells = Array.from({ length: width }, (_, index) =>
      cellText(row.getCell(index + 1).value),
    );
    lines.push({ line: number, cells });
  });
  const [header, ...rest] = lines;
  return finish(header?.cells, rest);
}

/**
 * The sheet in `bytes` (CSV or .xlsx by content); 415 for anything else, 400 when empty or
 * too long, 413/422 for an .xlsx that would unpack too big. Runs in the parsing worker
 * (player-imports.worker.ts), never on the server's event loop.
 */
export async function parseSheet(bytes: Buffer): Promise<ParsedSheet> {
  if (bytes.length === 0) throw refuse(playerImportMessages.empty);
  const type = sheetTypeOf(bytes);
  if (type === null) throw refuse(playerImportMessages.wrongType, 415);
  return type === 'xlsx' ? parseXlsx(bytes) : parseCsv(bytes);
}
