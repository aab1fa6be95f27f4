import {
  type PlayerImportMapping,
  playerImportMappingSchema,
  playerImportMessages,
} from '../../../contract/player-imports.schema';
import { type PlayerImportField } from '../../../contract/player-imports.columns';
import { AppError } from '../../lib/app-error';
import { type RememberedMapping, detectPlayerImportMapping } from './player-imports.headers';
import type { ParsedSheet } from './player-imports.parse';
import { type CheckedRow, cellsOf, checkRow, markRepeated } from './player-imports.rows';

/*
 * The pure part of planning an import, which the parsing worker runs off the event loop
 * (player-imports.worker.ts): the mapping, each row checked on its own with the players
 * contract, and the rows that repeat a document or e-mail in the file. What needs the
 * database (categories, persons who exist, jerseys) stays in player-imports.plan.ts.
 */

const mappingError = (path: string, message: string) =>
  new AppError(400, message, { errors: [{ path, message }] });

/**
 * The mapping to use: the one sent (checked: JSON, known fields, headers the file has),
 * else the one recognised from the headers (the club's remembered choices first).
 */
export function mappingFor(
  sheet: ParsedSheet,
  sent: string | undefined,
  remembered: RememberedMapping = {},
): PlayerImportMapping {
  if (sent === undefined || sent.trim() === '')
    return detectPlayerImportMapping(sheet.headers, remembered);
  let json: unknown;
  try {
    json = JSON.parse(sent);
  } catch {
    throw mappingError('mapping', playerImportMessages.badMapping);
  }
  const parsed = playerImportMappingSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = ['mapping', ...issue.path.map(String)].join('.');
    throw mappingError(path, issue.message);
  }
  const mapping = parsed.data as PlayerImportMapping;
  for (const [field, header] of Object.entries(mapping) as [PlayerImportField, string | null][]) {
    if (header && !sheet.headers.includes(header)) {
      throw mappingError(`mapping.${field}`, playerImportMessages.mappingUnknownHeader);
    }
  }
  return mapping;
}

/** Every row of `sheet` checked on its own, and the repeated documents and e-mails marked. */
export function checkSheet(sheet: ParsedSheet, mapping: PlayerImportMapping): CheckedRow[] {
  const columns = (Object.entries(mapping) as [PlayerImportField, string | null | undefined][])
    .filter((entry): entry is [PlayerImportField, string] => Boolean(entry[1]))
    .map(
      ([field, header]) => [field, sheet.headers.indexOf(header)] as [PlayerImportField, number],
    );
  const checked = sheet.rows.map((row) => checkRow(row.line, cellsOf(row.cells, columns)));
  markRepeated(
    checked,
    (row) => row.docKey,
    'document_number',
    playerImportMessages.duplicateInFile,
  );
  markRepeated(checked, (row) => row.email, 'email', playerImportMessages.duplicateEmailInFile);
  return checked;
}

/**
 * The checked rows of `sheet` for `mapping`, when the worker computed them for this
 * mapping: planning adds to them, so each plan gets a fresh copy, except a sheet marked
 * `once` (a preview plans once), which hands over the rows themselves. Else computed here.
 */
export function checkedRowsOf(sheet: ParsedSheet, mapping: PlayerImportMapping): CheckedRow[] {
  const checked = sheet.checked;
  if (!checked || checked.mapping !== mapping) return checkSheet(sheet, mapping);
  if (!checked.once) return structuredClone(checked.rows);
  if (checked.planned) throw new Error('the checked rows of this sheet were planned already');
  checked.planned = true;
  return checked.rows;
}
