import fastifyRateLimit, {
  type FastifyRateLimitStoreCtor,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from './app-error';
import { databaseRateLimitStore } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every scope's rate limits count: the database (rate-limit-store.ts). */
    rateLimitStore: FastifyRateLimitStoreCtor;
  }
}

const MINUTE = 60_000;

/** What a client that went over a rate limit reads (with `Retry-After` in seconds). */
export const rateLimitMessage =
  'Demasiadas solicitudes desde tu conexión. Espera un momento e inténtalo de nuevo.';

/** A per-IP limit: at most `max` requests in `timeWindow` milliseconds. */
export interface RouteRateLimit {
  max: number;
  timeWindow: number;
}

/**
 * Per-IP limits of the anonymous routes that do expensive work (each login, registration,
 * password reset and new account behind an invitation runs scrypt or queues work),
 * counted for every valid request, whatever the answer. Generous for a person or a club behind one NAT;
 * what they stop is one address keeping the password hashing busy. The failed-login
 * limits per account live in the database (features/auth/login-throttle.ts). These counters
 * are rows too (rate-limit-store.ts), so N instances share one quota per address.
 */
export const RATE_LIMITS = {
  login: { max: 60, timeWindow: MINUTE },
  register: { max: 60, timeWindow: 10 * MINUTE },
  forgotPassword: { max: 20, timeWindow: 10 * MINUTE },
  resetPassword: { max: 20, timeWindow: 10 * MINUTE },
  invitationAccept: { max: 30, timeWindow: 10 * MINUTE },
  /** validate-document tells whether a person exists: a form types a few a minute, a scraper thousands. */
  documentLookup: { max: 120, timeWindow: MINUTE },
  /** A shared receipt is a PDF rendered per request: a family opens a few, a token guesser thousands. */
  publicReceipt: { max: 60, timeWindow: MINUTE },
  /** A calendar feed: a phone or Google polls it every few hours, a token guesser thousands a minute. */
  calendarFeed: { max: 60, timeWindow: MINUTE },
  /** The public contact form: a person writes once or twice, a spammer hundreds (issue #17). */
  contactMessage: { max: 5, timeWindow: 60 * MINUTE },
} satisfies Record<string, RouteRateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RouteRateLimit>;

/** Makes the rate limits of every scope of `app` count in `db` (called once, by buildApp). */
export function decorateRateLimitStore(app: FastifyInstance, db: Db): void {
  app.decorate('rateLimitStore', databaseRateLimitStore(db));
}

/**
 * Registers @fastify/rate-limit in the calling plugin's scope, off unless a route asks
 * (`config: rateLimitFor(...)`), counting in the database. A refusal leaves through the
 * app's error handler as 429 `{ message }` in Spanish; the plugin has already set
 * `Retry-After`. A store error fails the request (`skipOnError: false`; why in
 * rate-limit-store.ts): 503 when the database is out of reach.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('rateLimitStore')) {
    throw new Error('registerRateLimit: call decorateRateLimitStore on the app first');
  }
  const options: RateLimitPluginOptions = {
    global: false,
    store: app.rateLimitStore,
    skipOnError: false,
    // Counted once the body passed validation: a malformed request costs no hashing, and
    // a form's field errors do not eat the quota of the person typing.
    hook: 'preHandler',
    errorResponseBuilder: () => new AppError(429, rateLimitMessage),
    // The remaining quota is nobody's business; Retry-After on a refusal is kept.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
  };
  await app.register(fastifyRateLimit, options);
}

/** The route `config` that applies the limit `name` of `limits` per IP. */
export function rateLimitFor(name: RateLimitName, limits: RateLimits = RATE_LIMITS) {
  return { rateLimit: { ...limits[name] } };
}
