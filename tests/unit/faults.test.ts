import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/lib/app-error';
import { faultOf } from '../../server/lib/faults';

/** An error with the `code` a driver or Node puts on it. */
const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** Drizzle's wrapping of a driver error ('Failed query: …', the driver's error as cause). */
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('faultOf: which errors are the machine’s fault', () => {
  it.each([
    ['a refused connection', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', coded('ECONNRESET', 'read ECONNRESET')],
    ['a connect that timed out', coded('ETIMEDOUT')],
    ['an unknown host', coded('ENOTFOUND')],
    ['SQLSTATE 08006 connection_failure', coded('08006')],
    ['SQLSTATE 08001 cannot connect', coded('08001')],
    [
      'SQLSTATE 57P01 admin_shutdown',
      coded('57P01', 'terminating connection due to administrator command'),
    ],
    ['SQLSTATE 57P02 crash_shutdown', coded('57P02')],
    ['SQLSTATE 57P03 cannot_connect_now', coded('57P03', 'the database system is starting up')],
    ['the socket ending', new Error('Connection terminated unexpectedly')],
    ['the connect timeout', new Error('Connection terminated due to connection timeout')],
    ["the pool's wait", new Error('timeout exceeded when trying to connect')],
    [
      'a broken client reused',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['an answer that never came', new Error('Query read timeout')],
    ['a wrapped reset', wrapped(coded('ECONNRESET'))],
    ['a wrapped admin_shutdown', wrapped(coded('57P01'))],
    ['every address refused', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])],
    // postgres.js, the read-only handle's driver (server/db/prepared-by-text.ts).
    ['postgres.js: the socket closed', wrapped(coded('CONNECTION_CLOSED'))],
    ['postgres.js: the connection destroyed', wrapped(coded('CONNECTION_DESTROYED'))],
    ['postgres.js: the pool ended', wrapped(coded('CONNECTION_ENDED'))],
    ['postgres.js: the connect timeout', wrapped(coded('CONNECT_TIMEOUT'))],
    ["postgres.js: the pool's wait", wrapped(coded('QUEUE_TIMEOUT'))],
    ['postgres.js: an answer that never came', wrapped(coded('QUERY_TIMEOUT'))],
    ['postgres.js: a cancel never answered', wrapped(coded('CANCEL_UNANSWERED'))],
  ])('answers %s with 503 and Retry-After', (_name, error) => {
    expect(faultOf(error)).toMatchObject({
      kind: 'database-unavailable',
      statusCode: 503,
      headers: { 'retry-after': '5' },
    });
  });

  it.each([
    ['a full disk', coded('ENOSPC')],
    ['a quota', coded('EDQUOT')],
    ['a wrapped full disk', new Error('store failed', { cause: coded('ENOSPC') })],
  ])('answers %s with 507 and no Retry-After', (_name, error) => {
    expect(faultOf(error)).toEqual({
      kind: 'storage-full',
      statusCode: 507,
      message: 'No hay espacio para guardar el archivo. Avisa al administrador.',
      headers: {},
    });
  });

  it.each([
    ['a unique violation', wrapped(coded('23505'))],
    ['a cancelled statement (statement_timeout)', wrapped(coded('57014'))],
    ['a serialization failure', coded('40001')],
    ['a plain error', new Error('boom')],
    ['a missing file', coded('ENOENT')],
    ['an app error', new AppError(409, 'Conflicto')],
    ['a message that merely mentions a connection', new Error('Invalid connection string')],
    ['not an error', 'ECONNRESET'],
  ])('leaves %s alone', (_name, error) => {
    expect(faultOf(error)).toBeUndefined();
  });
});
