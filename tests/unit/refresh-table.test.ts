import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  AFFECTED_BY,
  keysChangedBy,
  onNotificationsChanged,
  refreshAfter,
} from '../../src/api/refresh';

/*
 * Issue #34 item 6: every write refreshes what it changes through one table
 * (src/api/refresh.ts). A write that marks cached data stale by hand next to its call would
 * be a second mechanism that the table does not know about.
 */

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** The only places allowed to call `invalidateQueries`: the table and the cache reading it. */
const ALLOWED = new Set(['api/refresh.ts', 'api/query-client.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the one refresh table', () => {
  it('is the only place in src/ that marks cached data stale', () => {
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((path) => !ALLOWED.has(path))
      .filter((path) => readFileSync(join(SRC, path), 'utf8').includes('invalidateQueries'));
    expect(offenders).toEqual([]);
  });

  it('gives every resource something to refresh', () => {
    for (const [resource, affected] of Object.entries(AFFECTED_BY)) {
      const any =
        (affected.club?.length ?? 0) +
        (affected.global?.length ?? 0) +
        (affected.anyKeyWith?.length ?? 0);
      expect(any, resource).toBeGreaterThan(0);
    }
  });

  it('refreshes the club and the person after a link request is accepted', () => {
    const keys = keysChangedBy({ resource: 'link-request-accepted', clubId: 4 });
    expect(keys).toEqual(
      expect.arrayContaining([
        ['club', 4, 'players'],
        ['clubs'],
        ['link-requests', 'incoming'],
        ['parents', 'children'],
      ]),
    );
    // Without a club only the person's own reads.
    expect(keysChangedBy({ resource: 'link-request-accepted' })).not.toContainEqual([
      'club',
      0,
      'players',
    ]);
  });

  it("writes the audit log after a platform admin's change", () => {
    for (const resource of ['admin-users', 'admin-clubs', 'communications'] as const) {
      expect(keysChangedBy({ resource }), resource).toContainEqual(['admin', 'audit-log']);
    }
  });

  it('marks stale every role configuration when a module changes, wherever it is cached', async () => {
    const client = new QueryClient();
    client.setQueryData(['platform', 'role-configuration', 3], {});
    client.setQueryData(['club', 2, 'role-configuration', 3], {});
    client.setQueryData(['club', 2, 'players'], {});
    await refreshAfter(client, { resource: 'modules' });
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['platform', 'role-configuration', 3])).toBe(true);
    expect(stale(['club', 2, 'role-configuration', 3])).toBe(true);
    expect(stale(['club', 2, 'players'])).toBe(false);
  });

  it('pokes the notifications listener only for writes that touch notifications', async () => {
    const client = new QueryClient();
    const poke = vi.fn();
    const undo = onNotificationsChanged(poke);
    await refreshAfter(client, { resource: 'players', clubId: 1 });
    expect(poke).not.toHaveBeenCalled();
    await refreshAfter(client, { resource: 'link-request-accepted', clubId: 1 });
    await refreshAfter(client, { resource: 'invitation-answers' });
    expect(poke).toHaveBeenCalledTimes(2);
    undo();
    await refreshAfter(client, { resource: 'invitation-answers' });
    expect(poke).toHaveBeenCalledTimes(2);
  });
});
