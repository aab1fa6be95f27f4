import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { type DbHandle, openDb } from '../../server/db/client';
import { rateLimitHits } from '../../server/db/schema/rate-limits';
import { seedReference } from '../../server/db/seed/reference';
import {
  type RateLimitHit,
  countRateLimitHit,
  databaseRateLimitStore,
} from '../../server/lib/rate-limit-store';
import { RATE_LIMITS, rateLimitMessage } from '../../server/lib/rate-limits';
import { type TestDatabase, createTestDatabase, testDrivers } from './support/databases';
import {
  FakeClock,
  MemoryMailer,
  MemoryStorage,
  testConfig,
  uniqueEmail,
} from './support/test-app';

/*
 * The per-IP limits count in the database (server/lib/rate-limit-store.ts), so two
 * instances of the API on one database share one quota per address (ARCHITECTURE.md
 * "Scaling out"). On PostgreSQL each instance has its own pool, as two servers would.
 */

const RESET_KEY_PREFIX = 'POST /api/reset-password|';

/** One hit through a store built the way the plugin builds it, for a route `url`. */
function hitThrough(
  store: FastifyRateLimitStoreCtor,
  url: string,
  key: string,
  timeWindow: number,
) {
  const child = new store({}).child({ routeInfo: { method: 'POST', url } } as never);
  return new Promise<RateLimitHit>((resolve, reject) => {
    child.incr(key, (error, hit) => (error ? reject(error) : resolve(hit!)), timeWindow, 10);
  });
}

for (const driver of testDrivers) {
  describe(`rate limits shared by the instances on one database [${driver}]`, () => {
    let database: TestDatabase;
    let second: DbHandle;
    let apps: [FastifyInstance, FastifyInstance];

    /** A reset with a made-up link: refused (422) after the count, with no work queued. */
    const reset = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: {
          token: 'enlace-inventado',
          email: uniqueEmail('compartido'),
          password: 'OtraClave123',
          password_confirmation: 'OtraClave123',
        },
        remoteAddress,
      });

    beforeAll(async () => {
      database = await createTestDatabase(driver);
      await seedReference(database.handle.db);
      // Two servers: on PostgreSQL a pool each; PGlite has one connection to share.
      second = driver === 'postgres' ? await openDb({ url: database.url! }) : database.handle;
      const build = (handle: DbHandle) =>
        buildApp({
          db: handle,
          config: testConfig(),
          clock: new FakeClock(),
          mailer: new MemoryMailer(),
          storage: new MemoryStorage(),
        });
      apps = [build(database.handle), build(second)];
      await Promise.all(apps.map((app) => app.ready()));
    });

    afterAll(async () => {
      // pg's pool.end() resolves before its idle sockets are gone; the forced drop of the
      // database then cuts them, and the pool reports each one ('PostgreSQL pool error').
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        await Promise.all((apps ?? []).map((app) => app.close()));
        if (second && second !== database?.handle) await second.close();
        await database?.dispose();
      } finally {
        quiet.mockRestore();
      }
    });

    it('refuses an address after one quota, its requests split across two instances', async () => {
      const { max } = RATE_LIMITS.resetPassword;
      for (let request = 0; request < max; request++) {
        const response = await reset(apps[request % 2]!, '198.51.100.1');
        expect(response.statusCode, response.body).toBe(422);
      }
      for (const app of apps) {
        const refused = await reset(app, '198.51.100.1');
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ message: rateLimitMessage });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect((await reset(apps[1], '198.51.100.2')).statusCode).toBe(422);
    });

    it('accepts exactly the quota of many requests at once through both instances', async () => {
      const { max } = RATE_LIMITS.resetPassword;
      const responses = await Promise.all(
        Array.from({ length: 3 * max }, (_, index) => reset(apps[index % 2]!, '198.51.100.3')),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 422)).toHaveLength(max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(2 * max);
      const [row] = await database.handle.db
        .select({ hits: rateLimitHits.hits })
        .from(rateLimitHits)
        .where(eq(rateLimitHits.key, `${RESET_KEY_PREFIX}198.51.100.3`));
      expect(row?.hits).toBe(3 * max);
    });

    it('counts 100 hits of one key at once as 1…100: 60 of them within a limit of 60', async () => {
      const handles = [database.handle, second];
      const hits = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          countRateLimitHit(handles[index % 2]!.db, 'concurrent|198.51.100.4', 60_000),
        ),
      );
      const counts = hits.map((hit) => hit.current).sort((a, b) => a - b);
      expect(counts).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
      expect(counts.filter((current) => current <= 60)).toHaveLength(60);
      for (const hit of hits) {
        expect(hit.ttl).toBeGreaterThan(0);
        expect(hit.ttl).toBeLessThanOrEqual(60_000);
      }
    });

    it('starts a new window once the last one has ended', async () => {
      const key = 'window|198.51.100.5';
      await countRateLimitHit(database.handle.db, key, 60_000);
      expect((await countRateLimitHit(second.db, key, 60_000)).current).toBe(2);
      await database.handle.db
        .update(rateLimitHits)
        .set({ resetsAt: sql`now() - interval '1 second'` })
        .where(eq(rateLimitHits.key, key));
      const restarted = await countRateLimitHit(second.db, key, 60_000);
      expect(restarted.current).toBe(1);
      expect(restarted.ttl).toBeGreaterThan(50_000);
    });

    it("keeps each route's counters apart and deletes the ended ones as hits arrive", async () => {
      const { db } = database.handle;
      await db.insert(rateLimitHits).values({
        key: 'POST /api/old|198.51.100.6',
        hits: 7,
        resetsAt: sql`now() - interval '1 minute'`,
      });
      // A fresh store sweeps on its first hit, then at most once a minute.
      const store = databaseRateLimitStore(db);
      expect((await hitThrough(store, '/api/a', '198.51.100.6', 60_000)).current).toBe(1);
      expect((await hitThrough(store, '/api/b', '198.51.100.6', 60_000)).current).toBe(1);
      expect((await hitThrough(store, '/api/a', '198.51.100.6', 60_000)).current).toBe(2);
      const rows = await db
        .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
        .from(rateLimitHits)
        .where(sql`${rateLimitHits.key} like '%|198.51.100.6'`)
        .orderBy(rateLimitHits.key);
      expect(rows).toEqual([
        { key: 'POST /api/a|198.51.100.6', hits: 2 },
        { key: 'POST /api/b|198.51.100.6', hits: 1 },
      ]);
    });
  });
}
