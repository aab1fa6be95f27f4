import { LRUCache } from 'lru-cache';
import type { Clock } from './clock';

/*
 * Figures that may be a little old (issue #16's dashboards): the platform's analytics and a
 * trainer's 30-day attendance rates cost tens of milliseconds over a big club or the whole
 * platform, yet move slowly. `recentFigures` keeps each answer for `maxAgeMs` (per key, per
 * process) and computes it once when many ask at the same moment (lru-cache's fetch: one
 * computation in flight per key). Every answer says when it was computed (`generated_at`
 * or its own span), so a screen can tell its age. Time comes from the app's clock, so
 * tests move it. Never for money a person just changed: those figures are read live.
 * With `staleWhileComputing`, an answer past `maxAgeMs` is still served while its next one
 * is computed in the background (only the very first ask waits): for figures that take
 * seconds at scale (the platform's analytics over 1,000,000 players, bench/HISTORY.md).
 */
export function recentFigures<K extends string, V extends object>(
  clock: Clock,
  {
    maxAgeMs,
    maxKeys = 1000,
    staleWhileComputing = false,
  }: { maxAgeMs: number; maxKeys?: number; staleWhileComputing?: boolean },
  compute: (key: K) => Promise<V>,
) {
  const cache = new LRUCache<K, V>({
    max: maxKeys,
    ttl: maxAgeMs,
    ttlAutopurge: false,
    ttlResolution: 0,
    perf: { now: () => clock.now().getTime() },
    fetchMethod: (key) => compute(key),
    allowStale: staleWhileComputing,
    noDeleteOnStaleGet: staleWhileComputing,
  });
  return async (key: K): Promise<V> => {
    const value = await cache.fetch(key);
    if (value === undefined) throw new Error(`recentFigures: no value for ${key}`);
    return value;
  };
}
