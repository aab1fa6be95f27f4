/*
 * Faults of the machine rather than of the request (issue #18 part 3, docs/faults.md): the
 * database cannot be reached, or the disk is full. Each gets its own status and a Spanish
 * message a person can act on, instead of the generic 500.
 */

export const faultMessages = {
  databaseUnavailable:
    'El servicio no está disponible en este momento. Intenta de nuevo en unos segundos.',
  storageFull: 'No hay espacio para guardar el archivo. Avisa al administrador.',
} as const;

/** What a client should wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A fault the error handler answers as is: status, Spanish message, headers, log line. */
export interface Fault {
  kind: 'database-unavailable' | 'storage-full';
  statusCode: number;
  message: string;
  headers: Record<string, string>;
}

/** Socket and name-resolution errors on the way to PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATE 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now. */
const SERVER_GONE_STATES = new Set(['57P01', '57P02', '57P03']);

/** Class 08, connection_exception (08000, 08003, 08006, 08001, 08004, …). */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

/**
 * node-postgres's own words for a lost or unobtainable connection: the socket ended
 * ('Connection terminated unexpectedly', '… due to connection timeout'), the pool's wait
 * for a client ran out, a client that lost its socket was used again (a transaction's
 * ROLLBACK after the reset), a query outlived `query_timeout`.
 */
const CONNECTION_MESSAGES = [
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Query read timeout$/,
];

/**
 * postgres.js's codes for the same (the read-only handle, server/db/prepared-by-text.ts): the
 * socket closed, was destroyed or ended, connecting or waiting for a connection ran out of
 * time, a query outlived `query_timeout`, a cancel went unanswered.
 */
const POSTGRES_JS_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'QUEUE_TIMEOUT',
  'QUERY_TIMEOUT',
  'CANCEL_UNANSWERED',
]);

/** A quota or a full disk on write. */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** The error and its causes (Drizzle wraps the driver's error; Node's connect may aggregate). */
function* chain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 5 || typeof error !== 'object' || error === null) return;
  const source = error as Record<string, unknown>;
  yield source;
  if (Array.isArray(source.errors) && error instanceof AggregateError) {
    for (const inner of source.errors) yield* chain(inner, depth + 1);
  }
  yield* chain(source.cause, depth + 1);
}

/** True when `error` says PostgreSQL could not be reached or dropped the connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const source of chain(error)) {
    const code = typeof source.code === 'string' ? source.code : '';
    if (
      NETWORK_CODES.has(code) ||
      POSTGRES_JS_CODES.has(code) ||
      SERVER_GONE_STATES.has(code) ||
      CONNECTION_EXCEPTION.test(code)
    )
      return true;
    const message = typeof source.message === 'string' ? source.message : '';
    if (CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** True when `error` is a write refused for want of space (a full disk or a quota). */
export function isStorageFull(error: unknown): boolean {
  for (const source of chain(error)) {
    if (typeof source.code === 'string' && STORAGE_FULL_CODES.has(source.code)) return true;
  }
  return false;
}

/**
 * The fault `error` is, or undefined for every other error (answered as before). An
 * unreachable database is 503 with `Retry-After`: it passes, and the pool reconnects by
 * itself. A full disk is 507 Insufficient Storage without `Retry-After`: it lasts until
 * someone frees space, so a client's automatic retry would only fail again.
 */
export function faultOf(error: unknown): Fault | undefined {
  if (isStorageFull(error)) {
    return {
      kind: 'storage-full',
      statusCode: 507,
      message: faultMessages.storageFull,
      headers: {},
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      kind: 'database-unavailable',
      statusCode: 503,
      message: faultMessages.databaseUnavailable,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  return undefined;
}
