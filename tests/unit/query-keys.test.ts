import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { clubKey, clubScope } from '../../src/api/query-keys';

describe('club-scoped query keys', () => {
  it('put the club id before the resource and its parameters', () => {
    expect(clubKey(7, 'players', { page: 2 })).toEqual(['club', 7, 'players', { page: 2 }]);
    expect(clubKey(7, 'categories')).toEqual(['club', 7, 'categories']);
  });

  it('give each club its own cache entry for the same resource', async () => {
    const cache = new QueryClient();
    cache.setQueryData(clubKey(1, 'players'), ['Ana']);
    cache.setQueryData(clubKey(2, 'players'), ['Beto']);
    expect(cache.getQueryData(clubKey(1, 'players'))).toEqual(['Ana']);
    expect(cache.getQueryData(clubKey(2, 'players'))).toEqual(['Beto']);
  });

  it('let one club’s data, or one of its resources, be invalidated alone', async () => {
    const cache = new QueryClient();
    cache.setQueryData(clubKey(1, 'players', { page: 1 }), ['Ana']);
    cache.setQueryData(clubKey(1, 'payments'), [100]);
    cache.setQueryData(clubKey(2, 'players', { page: 1 }), ['Beto']);

    await cache.invalidateQueries({ queryKey: clubScope(1, 'players') });
    const stale = (key: readonly unknown[]) => cache.getQueryState(key)?.isInvalidated;
    expect(stale(clubKey(1, 'players', { page: 1 }))).toBe(true);
    expect(stale(clubKey(1, 'payments'))).toBe(false);

    await cache.invalidateQueries({ queryKey: clubScope(1) });
    expect(stale(clubKey(1, 'payments'))).toBe(true);
    expect(stale(clubKey(2, 'players', { page: 1 }))).toBe(false);
  });
});
