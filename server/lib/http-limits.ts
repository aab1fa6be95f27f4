import type { FastifyServerOptions } from 'fastify';

/** How long and how large a request may be; every time in milliseconds. */
export interface HttpLimits {
  /**
   * Largest body of a route that does not set its own `bodyLimit`. Every JSON body of the
   * API is a form (the largest, a club, is a few KiB). The photo upload is multipart: its
   * parser streams the file under its own limit (5 MB, `PHOTO_MAX_BYTES`), not this one.
   */
  bodyLimit: number;
  /** The whole request (headers and body) must arrive within this; then 408 and close. */
  requestTimeout: number;
  /** The headers must arrive within this (slowloris); at most `requestTimeout`. */
  headersTimeout: number;
  /** A socket that sends and receives nothing for this long is closed. */
  connectionTimeout: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeout: number;
  /** How often Node checks the request and header timeouts (its default is 30 s). */
  timeoutCheckInterval: number;
}

export const defaultHttpLimits: HttpLimits = {
  bodyLimit: 64 * 1024,
  // Room for a 5 MB photo over a slow mobile link (~1 Mbit/s), not for minutes.
  requestTimeout: 60_000,
  headersTimeout: 15_000,
  connectionTimeout: 30_000,
  // Above the usual 60 s idle timeout of load balancers, so they close first.
  keepAliveTimeout: 72_000,
  timeoutCheckInterval: 2_000,
};

/** The Fastify server options that enforce `limits`. */
export function httpLimitOptions(
  overrides: Partial<HttpLimits> = {},
): Pick<
  FastifyServerOptions,
  'bodyLimit' | 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'
> & { http: { headersTimeout: number; connectionsCheckingInterval: number } } {
  const limits = { ...defaultHttpLimits, ...overrides };
  return {
    bodyLimit: limits.bodyLimit,
    requestTimeout: limits.requestTimeout,
    connectionTimeout: limits.connectionTimeout,
    keepAliveTimeout: limits.keepAliveTimeout,
    // Passed to http.createServer: Fastify exposes no option of its own for these.
    http: {
      headersTimeout: Math.min(limits.headersTimeout, limits.requestTimeout),
      connectionsCheckingInterval: limits.timeoutCheckInterval,
    },
  };
}
