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

/** A URL as the log may hold it: query values and token-like path segments masked. */
export function safeUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  // E-mailed tokens travel in paths (/api/invitations/<token>); ids and names are shorter.
  const safePath = pathname.replace(/\/[A-Za-z0-9_-]{24,}(?=\/|$)/g, `/${CENSOR}`);
  if (query === undefined) return safePath;
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=${CENSOR}`);
  return `${safePath}?${keys.join('&')}`;
}

interface RawRequest {
  method?: string;
  url?: string;
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
        url: safeUrl(request.url ?? ''),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  } as Exclude<FastifyServerOptions['logger'], boolean | undefined>;
}
