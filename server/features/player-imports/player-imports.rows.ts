import type { PlayerImportRowError } from '../../../contract/player-imports.schema';
import type { PlayerImportField } from '../../../contract/player-imports.columns';
import {
  type PlayerCreate,
  playerCreateSchema,
  playerMessages,
} from '../../../contract/players.schema';
import type { ClubValues } from './player-imports.club';
import { documentKey } from './player-imports.keys';
import { type RowCells, rowValues } from './player-imports.values';

/*
 * One row of a file on its own: its cells by field, checked with the players contract
 * (the words of a spreadsheet read first), and the rows that repeat a document or e-mail.
 */

const normalizedNumber = (number: string) => number.replace(/[\s.-]/g, '').toUpperCase();

export interface CheckedRow {
  line: number;
  cells: RowCells;
  name: string;
  errors: PlayerImportRowError[];
  data: PlayerCreate | null;
  categoryName: string | null;
  categoryId: number | null;
  /** False for an inactive category: only a player already in it may stay. */
  categoryActive: boolean;
  status: ClubValues['status'] | null;
  docKey: string | null;
  email: string | null;
}

/** The row's cells by field, for the mapped fields only. */
export function cellsOf(cells: string[], columns: [PlayerImportField, number][]): RowCells {
  return Object.fromEntries(columns.map(([field, index]) => [field, cells[index] ?? '']));
}

export function checkRow(line: number, cells: RowCells): CheckedRow {
  const values = rowValues(cells);
  const errors = [...values.errors];
  const parsed = playerCreateSchema.safeParse(values.input);
  let data: PlayerCreate | null = null;
  if (parsed.success) data = parsed.data;
  else {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      if (!errors.some((error) => error.field === field))
        errors.push({ field, message: issue.message });
    }
  }
  // A birth date that is wrong says nothing about being a minor: no guardian errors then.
  if (errors.some((error) => error.field === 'birth_date')) {
    errors.splice(
      0,
      errors.length,
      ...errors.filter((e) => e.message !== playerMessages.guardianRequired),
    );
  }
  const { input } = values;
  const type = input.document_type;
  const number = typeof input.document_number === 'string' ? input.document_number : null;
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : null;
  return {
    line,
    cells,
    name: [input.name, input.lastname]
      .filter((part) => typeof part === 'string')
      .join(' ')
      .trim(),
    errors,
    data,
    categoryName: values.categoryName,
    categoryId: null,
    categoryActive: true,
    status: values.status,
    docKey: type && number ? documentKey(type, normalizedNumber(number)) : null,
    email: email || null,
  };
}

/** Both (all) rows with the same document, or e-mail, get the error with their lines. */
export function markRepeated(
  rows: CheckedRow[],
  keyOf: (row: CheckedRow) => string | null,
  field: string,
  message: (lines: number[]) => string,
) {
  const groups = new Map<string, CheckedRow[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key) groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const text = message(group.map((row) => row.line));
    for (const row of group) row.errors.push({ field, message: text });
  }
}
