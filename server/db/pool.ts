import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * How long a server's request may wait on PostgreSQL (docs/faults.md): for a connection
 * (a new one, or a busy pool's next free one), then for each statement, which PostgreSQL
 * cancels at `statementMs` (57014, a 500 like any failed query). `queryMs` is
 * node-postgres's own limit on an answer, a little later, for a connection that went
 * silent without closing. Past the connection wait the request is answered 503.
 */
export interface PoolTimeouts {
  connectMs: number;
  statementMs: number;
  queryMs: number;
}

/** What `main.ts` asks for; scripts and benchmarks open the database without limits. */
export const SERVER_POOL_TIMEOUTS: PoolTimeouts = {
  connectMs: 10_000,
  statementMs: 30_000,
  queryMs: 35_000,
};

/**
 * The session settings of both pools (node-postgres's, and the read-only one of
 * prepared-by-text.ts). The server's named statements (the session and guard
 * queries, each shape of the players and payments lists) are written so one plan fits
 * every value; PostgreSQL would otherwise re-plan them on every execution whenever a plan
 * for the values looks cheaper, which costs more than it saves (bench/README.md).
 * Unnamed statements are planned for their values, as always. JIT is off: the app's
 * queries are short, and a query over a club's every period crossed jit_above_cost and
 * spent ~500 ms compiling what runs in 18 ms.
 */
export const SESSION_SETTINGS = { plan_cache_mode: 'force_generic_plan', jit: 'off' } as const;

/** SESSION_SETTINGS as node-postgres's `options` (`-c name=value …`). */
export const POOL_SETTINGS = Object.entries(SESSION_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

/**
 * A node-postgres pool on `url` with the session `options` (`-c …`) and, when given, the
 * timeouts. A lost connection never crashes the process: the pool drops the client and
 * opens a new one on the next request, so the server recovers by itself.
 */
export function createPgPool(url: string, options: string, timeouts?: PoolTimeouts): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    options,
    ...(timeouts && {
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.queryMs,
    }),
    // A peer that vanished is noticed on an idle connection too.
    keepAlive: true,
  });
  // An idle client losing its connection: the pool removes it and emits this.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  // A checked-out one (a transaction's) emits 'error' with no listener of the pool's, which
  // would throw; its queries fail with the error anyway, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** A PostgreSQL pool's connections right now, for the metrics (server/lib/metrics.ts). */
export interface PoolStats {
  /** Open connections. */
  total: number;
  /** Open connections no query holds. */
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

/** What postgres.js's `sql.stats` says of its pool (the read-only handle's). */
interface PostgresJsStats {
  connections: number;
  idle: number;
  waiting: number;
}

/** A database handle's two Drizzle instances, as `DbHandle` has them (client.ts). */
interface PooledDbs {
  db: object;
  preparedByText: object;
}

const clientOf = (db: object) => (db as { $client?: unknown }).$client;

/**
 * Reads the connections of a handle's pools by name: `main`, node-postgres's under `db`,
 * and `reads`, postgres.js's under `preparedByText` (prepared-by-text.ts); undefined on
 * PGlite, which has one connection, in process.
 */
export function poolStatsReader(handle: PooledDbs): (() => Record<string, PoolStats>) | undefined {
  const main = clientOf(handle.db);
  if (!(main instanceof pg.Pool)) return undefined;
  const reads = clientOf(handle.preparedByText) as { stats?: PostgresJsStats } | undefined;
  return () => ({
    main: { total: main.totalCount, idle: main.idleCount, waiting: main.waitingCount },
    ...(reads?.stats && {
      reads: {
        total: reads.stats.connections,
        idle: reads.stats.idle,
        waiting: reads.stats.waiting,
      },
    }),
  });
}

/**
 * Runs `work` on a connection of its own, without the pool's timeouts (a statement_timeout
 * of 0 is not sent, so the server's default, none, applies), and closes it after.
 */
export async function withUnboundedClient<T>(
  pool: pg.Pool,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ ...pool.options, statement_timeout: 0, query_timeout: 0 });
  // Its socket may be reset too (a restart during startup): the failing query says so.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Applies the migrations unbounded: a migration may rewrite a big table. */
export const migrateUnbounded = (pool: pg.Pool, migrationsFolder: string): Promise<void> =>
  withUnboundedClient(pool, (client) => migrate(drizzle({ client }), { migrationsFolder }));
