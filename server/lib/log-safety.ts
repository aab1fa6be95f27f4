import type { FastifyServerOptions } from 'fastify';

/** What a redacted value becomes in the log. */
const CENSOR = '[redactado]';

/** Secret field names, redacted wherever they appear (headers, bodies, errors, own fields). */
const SECRET_KEYS = [
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'passwordHash',
  'password_hash',
  'token',
  'authorization',
  'cookie',
];

/**
 * pino `redact` paths: each secret key at the top level and up to three levels down
 * (pino's wildcards match one level each), plus the request and response headers.
 */
export const REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]),
];

/** Driver-error fields worth logging; `detail`/`where` may quote row values, so never those. */
const DRIVER_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

interface LoggableError {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: LoggableError;
  [field: string]: unknown;
}

/** The stack's frames without its first line(s), which repeat the (maybe unsafe) message. */
const framesOf = (stack: unknown): string | undefined =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n') || undefined
    : undefined;

/**
 * An error as the log may hold it: type, message, code, stack frames and cause chain, but
 * never SQL parameters. Drizzle's `DrizzleQueryError` prints `params: …` (e-mails,
 * password hashes) in its message and keeps them on `.params`: only its SQL text, with
 * `$1` placeholders, is kept. PostgreSQL's `detail` ('Key (email)=(…) already exists') is
 * dropped for the same reason.
 */
export function serializeError(error: unknown, depth = 0): LoggableError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error) };
  const source = error as Record<string, unknown>;
  const type = (error as Error).constructor?.name ?? 'Error';
  const isQueryError = typeof source.query === 'string' && 'params' in source;
  const message = isQueryError
    ? `Failed query: ${source.query as string}`
    : String(source.message ?? '');
  const result: LoggableError = { type, message };
  const stack = framesOf(source.stack);
  if (stack) result.stack = stack;
  for (const field of DRIVER_FIELDS) {
    if (source[field] !== undefined && typeof source[field] !== 'object') {
      result[field] = source[field];
    }
  }
  if (typeof source.statusCode === 'number') result.statusCode = source.statusCode;
  if (source.cause !== undefined && depth < 5)
    result.cause = serializeError(source.cause, depth + 1);
  return result;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Path parameters of this route that are secrets (a link's token, a feed's URL): the
     * request log prints the route's pattern with them masked. A parameter named `token`
     * (SECRET_PARAMS) is secret on every route without saying so.
     */
    secretParams?: readonly string[];
  }
}

/** Path parameter names that are secret on every route. */
export const SECRET_PARAMS: readonly string[] = ['token'];

/** A path segment the log may keep even when no route says what it is: a plain id. */
const PLAIN_ID = /^[0-9]{1,18}$/;

/** A non-secret parameter value short and plain enough to print (a slug, a report name). */
const PLAIN_VALUE = /^[A-Za-z0-9_.-]{1,23}$/;

/** Query keys kept, every value masked (`?token=…&email=…` → `?token=[redactado]&email=…`). */
function safeQuery(query: string | undefined): string {
  if (query === undefined) return '';
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=${CENSOR}`);
  return `?${keys.join('&')}`;
}

/**
 * A path no route describes: every segment after `/api/<feature>/` that is not a plain id
 * is masked (it may be a token with a stray character: `%20`, `.pdf`, a trailing slash).
 * A page path (`/invitation/<token>`) keeps only its first segment and plain ids; the
 * built assets (`/assets/…`) are content-hashed file names, kept as they are.
 */
function maskUnknownPath(pathname: string): string {
  const segments = pathname.split('/');
  // ['', 'api', '<feature>', …] keeps three; ['', '<page>', …] keeps two.
  if (segments[1] === 'assets') return pathname;
  const kept = segments[1] === 'api' ? 3 : 2;
  return segments
    .map((segment, index) =>
      index < kept || segment === '' || PLAIN_ID.test(segment) ? segment : CENSOR,
    )
    .join('/');
}

/**
 * A URL as the log may hold it when nothing is known about its route: query values and
 * every path segment that could be a secret masked (see maskUnknownPath).
 */
export function safeUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  return `${maskUnknownPath(pathname)}${safeQuery(query)}`;
}

/** What the request serializer reads of a routed request. */
interface RoutedRequest {
  url?: string;
  params?: unknown;
  routeOptions?: { url?: string; config?: { secretParams?: readonly string[] } };
}

/**
 * The request's URL as the log may hold it, by route: the matched route's pattern with
 * each secret parameter (SECRET_PARAMS plus the route's `config.secretParams`) masked,
 * plain values of the other parameters filled in, a wildcard's value masked like an
 * unknown path, query values masked. A URL no route matched goes through `safeUrl`.
 */
export function safeRequestUrl(request: RoutedRequest): string {
  const url = request.url ?? '';
  const pattern = request.routeOptions?.url;
  const params = request.params as Record<string, unknown> | undefined;
  if (!pattern || !params || typeof params !== 'object') return safeUrl(url);
  const secret = new Set([...SECRET_PARAMS, ...(request.routeOptions?.config?.secretParams ?? [])]);
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : undefined;
  const path = pattern
    .replace(/:([A-Za-z0-9_]+)\??/g, (_whole, name: string) => {
      if (secret.has(name)) return CENSOR;
      const value = params[name];
      if (value === undefined) return '';
      return typeof value === 'string' && PLAIN_VALUE.test(value) ? value : `:${name}`;
    })
    .replace(/\*$/, () => {
      const value = params['*'];
      return typeof value === 'string' ? maskUnknownPath(`/${value}`).slice(1) : '';
    });
  return `${path}${safeQuery(query)}`;
}

interface RawRequest extends RoutedRequest {
  method?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Pino options shared by every logger the app builds: secrets redacted, errors and
 * request URLs through the safe serializers above. Bodies are never logged.
 */
export function safeLoggerOptions(
  options: Exclude<FastifyServerOptions['logger'], boolean | undefined>,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const given = options as { redact?: unknown; serializers?: Record<string, unknown> };
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      ...given.serializers,
      err: serializeError,
      error: serializeError,
      req: (request: RawRequest) => ({
        method: request.method,
        url: safeRequestUrl(request),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  } as Exclude<FastifyServerOptions['logger'], boolean | undefined>;
}
