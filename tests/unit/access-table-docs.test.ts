import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessTable } from '../../contract/access-table';
import {
  ACCESS_DOC,
  END_MARKER,
  START_MARKER,
  renderAccessTable,
  withAccessTable,
} from '../../scripts/lib/access-table-markdown';

const doc = () => readFileSync(path.resolve(import.meta.dirname, '../..', ACCESS_DOC), 'utf8');

describe('docs/access-control.md renders the role × operation table', () => {
  it('is up to date (run `npm run access-table` when this fails)', () => {
    const committed = doc();
    expect(committed).toContain(START_MARKER);
    expect(committed).toContain(END_MARKER);
    expect(withAccessTable(committed)).toBe(committed);
  });

  it('shows every row, with what it requires and who may call it', () => {
    const section = renderAccessTable();
    for (const row of accessTable) expect(section).toContain(`\`${row.route}\``);
    expect(section).toContain(
      '| `POST /api/pla_club_teams/:id/charges` | Create a charge | `payments.update` | — | — | all | — | all | — | — | all |',
    );
  });

  it('notices a stale section', () => {
    const committed = doc();
    const stale = committed.replace('Create a charge', 'Crear cobro');
    expect(withAccessTable(stale)).not.toBe(stale);
  });
});
