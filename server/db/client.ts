import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  POOL_SETTINGS,
  type PoolTimeouts,
  createPgPool,
  migrateUnbounded,
  withUnboundedClient,
} from './pool';
import { preparedByTextDb } from './prepared-by-text';
import { schema } from './tables';

export { POOL_SETTINGS, schema };

/**
 * What every embedded database loads: pg_trgm and btree_gin, for the trigram index of the
 * players' search text by club (migrations 0020, 0040). A PGlite data directory that holds
 * the extensions opens only with them registered.
 */
export const PGLITE_OPTIONS = { extensions: { pg_trgm, btree_gin } } satisfies PGliteOptions;

/** The common type of the PGlite and node-postgres Drizzle instances. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbDriver = 'pglite' | 'postgres';

/** An open database: the Drizzle instance, which driver runs it, and how to migrate and close it. */
export interface DbHandle {
  db: Db;
  /**
   * The same database for read-only statements of few shapes (the session call's, the
   * dashboards', the players and payments lists'): on PostgreSQL a pool of its own whose
   * every statement is prepared by its text and pipelined (prepared-by-text.ts). On PGlite
   * (one connection, in process) it is `db`.
   */
  preparedByText: Db;
  driver: DbDriver;
  /** Applies the committed SQL migrations with the driver's own migrator. */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a database-wide lock, so several instances starting at once
   * migrate and seed one after the other (a PostgreSQL advisory lock; PGlite has one user).
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** How the job queue (server/queue/) reaches it: this PGlite, or its own pool on the URL. */
  queueConnection: { pglite: PGlite } | { url: string };
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant key of the advisory lock taken while migrating and seeding. */
const STARTUP_LOCK_KEY = 47_110_815;

/** Wraps an open PGlite instance (a data dir, memory, or a test template's clone). */
export function fromPglite(client: PGlite): DbHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    preparedByText: db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    withStartupLock: (fn) => fn(),
    queueConnection: { pglite: client },
    close: () => client.close(),
  };
}

/** Wraps a node-postgres pool, beside the read-only pool on the same URL with `timeouts`. */
export function fromPgPool(pool: pg.Pool, timeouts?: PoolTimeouts): DbHandle {
  const db = drizzlePg({ client: pool, schema });
  const reads = preparedByTextDb(String(pool.options.connectionString), schema, timeouts);
  return {
    db,
    preparedByText: reads.db as unknown as Db,
    driver: 'postgres',
    queueConnection: { url: String(pool.options.connectionString) },
    migrate: () => migrateUnbounded(pool, migrationsFolder),
    // Waiting for another instance's migrations may outlast a request's timeouts.
    withStartupLock: (fn) =>
      withUnboundedClient(pool, async (lockClient) => {
        try {
          await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          await lockClient
            .query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY])
            .catch(() => undefined);
        }
      }),
    close: async () => {
      await Promise.all([reads.close(), pool.end()]);
    },
  };
}

/**
 * Opens PostgreSQL through `pg` when `url` is given, else PGlite in `dataDir` (created if
 * needed) or in memory. `timeouts` bound PostgreSQL's waits (pool.ts: SERVER_POOL_TIMEOUTS).
 */
export async function openDb(options: {
  url?: string;
  dataDir?: string;
  timeouts?: PoolTimeouts;
}): Promise<DbHandle> {
  if (options.url) {
    return fromPgPool(createPgPool(options.url, POOL_SETTINGS, options.timeouts), options.timeouts);
  }
  if (options.dataDir) {
    // PGlite creates its data dir non-recursively: make the parent first.
    mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
  }
  const client = await PGlite.create(options.dataDir ?? 'memory://', PGLITE_OPTIONS);
  return fromPglite(client);
}
