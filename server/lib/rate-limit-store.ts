import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema/rate-limits';

/** How often, at most, one process deletes the counters whose window has ended. */
export const RATE_LIMIT_SWEEP_MS = 60_000;

/**
 * What the plugin hands a store: its options, and for a route's store the route under
 * `routeInfo` (its typings say the route itself, which is not what index.js passes).
 */
interface StoreOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** The requests counted in `key`'s window, this one included, and the milliseconds it has left. */
export interface RateLimitHit {
  current: number;
  ttl: number;
}

/**
 * Counts one request of `key` in a window of `timeWindow` ms, in one atomic statement: the
 * first request inserts the row; later ones add one to it under its row lock, or start a
 * new window when the last one has ended. Time is the database's `now()`, the one clock
 * every instance shares.
 */
export async function countRateLimitHit(
  db: Db,
  key: string,
  timeWindow: number,
): Promise<RateLimitHit> {
  const ended = sql`${rateLimitHits.resetsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({
      key,
      hits: 1,
      resetsAt: sql`now() + ${timeWindow}::double precision * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimitHits.resetsAt} end`,
      },
    })
    .returning({
      current: rateLimitHits.hits,
      ttl: sql<number>`ceil(extract(epoch from ${rateLimitHits.resetsAt} - now()) * 1000)::integer`,
    });
  if (!row) throw new Error(`rate_limit_hits: no row returned for ${key}`);
  // A statement that waited for another's insert has an earlier now(): never more than the window.
  return { current: row.current, ttl: Math.min(Math.max(Number(row.ttl), 0), timeWindow) };
}

/** Deletes the counters whose window has ended (a later hit would have restarted them). */
export async function sweepRateLimitHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetsAt, sql`now()`));
}

/**
 * A @fastify/rate-limit store whose counters are rows of `rate_limit_hits`, shared by
 * every instance of the API behind a load balancer (ARCHITECTURE.md "Scaling out"); the
 * plugin's own store keeps them in each process's memory, so N instances gave N times the
 * quota. Each route's store (`child`) prefixes its keys with the route, as the plugin's
 * memory store keeps one map per route. Every RATE_LIMIT_SWEEP_MS or so a hit also
 * deletes the ended windows, so the table holds about one row per route and address
 * seen in the last window: the timer is this process's alone, which is fine for a chore
 * any instance may do.
 *
 * A failing statement (the database out of reach) is passed to the plugin, which with
 * `skipOnError` false fails the request through the app's error handler: 503 with
 * Retry-After when the database is unreachable (faults.ts). Skipping the limit instead
 * would gain nothing, as every limited route needs the database anyway, and would let
 * requests through uncounted whenever the counting itself failed.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let nextSweep = 0;

  const sweepIfDue = async () => {
    const now = Date.now();
    if (now < nextSweep) return;
    nextSweep = now + RATE_LIMIT_SWEEP_MS;
    await sweepRateLimitHits(db);
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: object) {
      const route = (options as StoreOptions).routeInfo;
      this.prefix = route?.url ? `${[route.method ?? ''].flat().join(',')} ${route.url}|` : '';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitHit) => void,
      timeWindow: number,
    ): void {
      countRateLimitHit(db, this.prefix + key, timeWindow)
        .then(async (hit) => {
          await sweepIfDue();
          return hit;
        })
        .then(
          (hit) => callback(null, hit),
          (error: unknown) =>
            callback(error instanceof Error ? error : new Error(String(error), { cause: error })),
        );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  }

  return DatabaseRateLimitStore;
}
