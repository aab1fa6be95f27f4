import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { SESSION_SETTINGS, type PoolTimeouts } from './pool';

/*
 * The read-only handle on PostgreSQL (`DbHandle.preparedByText`): a Drizzle instance over a
 * postgres.js pool of its own, for the statements every user's first screen sends (the
 * session call, the dashboards, the players and payments lists with their session). Two
 * things make it cheaper than the node-postgres pool the rest of the app writes through:
 *
 * - Every statement is prepared, once per connection, keyed by its text: PostgreSQL then
 *   parses and plans it once (generic plans, SESSION_SETTINGS), where an unnamed statement
 *   is parsed and planned on every execution (0.6–1 ms of a dashboard's statement against
 *   0.1–0.3 ms of execution, bench/HISTORY.md "Dashboards").
 * - Busy connections pipeline: a statement is written behind those in flight instead of
 *   waiting for a free connection, so at 50 concurrent requests the backends do not sleep
 *   between statements and each answer costs fewer system calls and wake-ups (the server's
 *   CPU per list request a quarter to a third lower, bench/HISTORY.md "postgres.js for the
 *   first screens").
 *
 * Only for read-only statements whose texts are few (values are parameters; a list's
 * shapes are bounded): every text stays prepared on every connection it ran on (until the
 * connection's lifetime ends), and each runs on a generic plan. Nothing here writes, so
 * transactions, locks and the error codes of writes stay with node-postgres.
 */

/**
 * Connections of the read-only pool. Fewer than node-postgres's 10: busy connections
 * pipeline, and every connection costs a socket write per batch of statements (a loopback
 * write wakes the backend in the writer's time: 12 % of the server's samples in a profile
 * of the players search). With 4 instead of 10 the lists served 13–25 % more requests with less
 * CPU each (bench/HISTORY.md "Four read connections"); 2 served more still, with worse p99s.
 */
const READ_CONNECTIONS = 4;

/** Seconds, as postgres.js counts them, of a limit in milliseconds (0 means none). */
const seconds = (ms: number) => ms / 1000;

/** The postgres.js pool on `url` and a Drizzle instance over it whose statements are all prepared. */
export function preparedByTextDb<TSchema extends Record<string, unknown>>(
  url: string,
  schema: TSchema,
  timeouts?: PoolTimeouts,
) {
  const client = postgres(url, {
    max: READ_CONNECTIONS,
    connection: {
      ...SESSION_SETTINGS,
      ...(timeouts && { statement_timeout: timeouts.statementMs }),
    },
    ...(timeouts && {
      // A new connection, or the wait for a free one, as node-postgres's connectionTimeoutMillis.
      connect_timeout: seconds(timeouts.connectMs),
      queue_timeout: seconds(timeouts.connectMs),
      // A connection gone silent: the query gives up and the pool connects again.
      query_timeout: seconds(timeouts.queryMs),
    }),
    // Idle connections close, as node-postgres's do (it keeps two pools' worth open otherwise).
    idle_timeout: 30,
    // After a failed connection, the next query tries again at once, as with node-postgres:
    // postgres.js otherwise refuses queries for a growing wait (up to 20 s) with the last
    // error, so PostgreSQL back from a restart would not serve the next request.
    backoff: 0,
    onnotice: false,
  });
  // Drizzle prepares only the statements given a name (`.prepare(name)`): here, all of them.
  const preparing = new Proxy(client, {
    get: (target, property, receiver) =>
      property === 'unsafe'
        ? (query: string, parameters?: unknown[], options?: { prepare?: boolean }) =>
            target.unsafe(query, parameters as never, { ...options, prepare: true })
        : Reflect.get(target, property, receiver),
  });
  return {
    db: drizzle({ client: preparing, schema }),
    /** Waits up to 5 s for the statements in flight, then closes the connections. */
    close: () => client.end({ timeout: 5 }),
  };
}
