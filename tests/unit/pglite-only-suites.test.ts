import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGLITE_ONLY_SUITES } from '../api/support/engines';

const apiDir = path.join(import.meta.dirname, '../api');
const sources = readdirSync(apiDir)
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => readFileSync(path.join(apiDir, file), 'utf8'));

describe('the PGlite-only API suites (tests/api/support/engines.ts)', () => {
  it('names only suites that exist, so a renamed suite does not leave a stale entry', () => {
    const missing = [...PGLITE_ONLY_SUITES.keys()].filter(
      (name) => !sources.some((source) => source.includes(`'${name}'`)),
    );
    expect(missing).toEqual([]);
  });

  it('gives each a reason', () => {
    for (const [name, reason] of PGLITE_ONLY_SUITES) expect(reason.trim(), name).not.toBe('');
  });
});
