import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The per-IP request counters of the anonymous routes (server/lib/rate-limits.ts), in the
 * database rather than in each process's memory, so every instance of the API counts
 * against the same quota. One row per route and address: the requests counted in its
 * window and when that window ends. A hit after `resets_at` starts a new window in the
 * same row; rows whose window ended are deleted now and then by the store.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** The route (method and URL pattern) and the address, e.g. `POST /api/login|192.0.2.1`. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_resets_at_idx').on(t.resetsAt)],
);
