import { playerImportExtraAliases } from '../../../contract/player-imports.aliases';
import { type PlayerImportMapping } from '../../../contract/player-imports.schema';
import {
  type PlayerImportColumn,
  type PlayerImportField,
  playerImportColumns,
  playerImportFields,
} from '../../../contract/player-imports.columns';

/** 'Número de Documento ' → 'numerodedocumento': what header recognition compares. */
export const normalizeHeader = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * A club's remembered mapping (issue #34 item 4): by normalised header, the field the club
 * chose for it, or null for a column it chose not to import.
 */
export type RememberedMapping = Record<string, PlayerImportField | null>;

/**
 * The file's header for each field it recognises: first what the club chose before for
 * these headers (`remembered`; a header the file lacks is ignored), then our own header,
 * then the aliases (first match wins); a header serves one field at most.
 */
export function detectPlayerImportMapping(
  headers: readonly string[],
  remembered: RememberedMapping = {},
): PlayerImportMapping {
  const byKey = new Map<string, string>();
  for (const header of headers) {
    const key = normalizeHeader(header);
    if (key && !byKey.has(key)) byKey.set(key, header);
  }
  const used = new Set<string>();
  const mapping: PlayerImportMapping = {};
  for (const [key, header] of byKey) {
    if (!Object.hasOwn(remembered, key)) continue;
    const field = remembered[key];
    used.add(header);
    if (field && playerImportFields.includes(field) && !mapping[field]) mapping[field] = header;
  }
  for (const pass of ['header', 'aliases'] as const) {
    for (const field of playerImportFields) {
      if (mapping[field]) continue;
      const column: PlayerImportColumn = playerImportColumns[field];
      const names =
        pass === 'header'
          ? [column.header]
          : [...column.aliases, ...(playerImportExtraAliases[field] ?? [])];
      for (const name of names) {
        const header = byKey.get(normalizeHeader(name));
        if (header && !used.has(header)) {
          mapping[field] = header;
          used.add(header);
          break;
        }
      }
    }
  }
  return mapping;
}

/** The fields of `mapping` whose header the club chose for them before (`remembered`). */
export function rememberedFieldsOf(
  mapping: PlayerImportMapping,
  remembered: RememberedMapping,
): PlayerImportField[] {
  return playerImportFields.filter((field) => {
    const header = mapping[field];
    return Boolean(header) && remembered[normalizeHeader(header!)] === field;
  });
}
