import { type PlayerImportMapping } from '../../../contract/player-imports.schema';
import {
  type PlayerImportColumn,
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
 * The file's header for each field it recognises (first match wins, our own header
 * before the aliases); a header serves one field at most.
 */
export function detectPlayerImportMapping(headers: readonly string[]): PlayerImportMapping {
  const byKey = new Map<string, string>();
  for (const header of headers) {
    const key = normalizeHeader(header);
    if (key && !byKey.has(key)) byKey.set(key, header);
  }
  const used = new Set<string>();
  const mapping: PlayerImportMapping = {};
  for (const pass of ['header', 'aliases'] as const) {
    for (const field of playerImportFields) {
      if (mapping[field]) continue;
      const column: PlayerImportColumn = playerImportColumns[field];
      const names = pass === 'header' ? [column.header] : column.aliases;
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
