import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoToday } from '../../contract/people.schema';
import { checkSheet, mappingFor } from '../../server/features/player-imports/player-imports.check';
import type { ParsedSheet } from '../../server/features/player-imports/player-imports.parse';

/*
 * Issue #33 item 4: checking the rows of an import built an Intl.DateTimeFormat (with a
 * time zone) for every date it compared with today, several per row: 5,000 rows took
 * about 6 s and kept ~390 MB of native memory the process never gave back.
 */

const sheet = (count: number): ParsedSheet => ({
  headers: [
    'Nombre',
    'Apellido',
    'Tipo de documento',
    'Número de documento',
    'Fecha de nacimiento',
    'Género',
  ],
  rows: Array.from({ length: count }, (_, index) => ({
    line: index + 2,
    cells: [
      'Ana',
      'Pérez',
      index % 2 ? 'CC' : 'TI',
      String(10_000_000 + index),
      index % 2 ? '1990-01-02' : '2014-03-04',
      'Femenino',
    ],
  })),
});

describe('checking an import’s rows', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds no date formatter per row (one for the whole process)', () => {
    const file = sheet(50);
    const mapping = mappingFor(file, undefined);
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const rows = checkSheet(file, mapping);
    expect(rows).toHaveLength(50);
    // The minors (TI, born 2014) have no guardian: their birth date was compared with today.
    expect(rows[0]!.errors.length).toBeGreaterThan(0);
    expect(built).not.toHaveBeenCalled();
  });

  it('still gives today in Bogotá, not in UTC', () => {
    // 02:00 UTC on 1 March is still 28 February in Bogotá (UTC-5).
    expect(isoToday(new Date('2026-03-01T02:00:00Z'))).toBe('2026-02-28');
    expect(isoToday(new Date('2026-03-01T05:00:00Z'))).toBe('2026-03-01');
  });
});
