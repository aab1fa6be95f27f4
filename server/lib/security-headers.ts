import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for every answer; the CSP is one the built SPA satisfies: its scripts
 * come from its own files only (no inline script, no eval). Strict-Transport-Security is
 * not helmet's to send: see `sendTransportSecurity`.
 */
const helmetOptions = {
  strictTransportSecurity: false,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI/emotion injects <style> tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
} satisfies HelmetOptions;

/**
 * Helmet's middleware, built once: @fastify/helmet builds it again on every request
 * (parsing the CSP's directives each time), 4 % of a list request's CPU in the bench.
 */
const applyHelmet = helmet(helmetOptions);
const ignore = () => {};

/**
 * The CSP of the OpenAPI UI at /api/docs (@fastify/swagger-ui's `staticCSP`), in place of
 * its default, which adds `upgrade-insecure-requests` (it sends the page's own files to
 * https:// on a plain-HTTP install), styles and fonts from any https: host, and lets any
 * page of ours frame it. Swagger UI loads only its own files: no inline script, no eval.
 * Like the SPA it injects <style> at run time (Chromium reports a style-src violation on
 * the page without 'unsafe-inline' for styles).
 */
export const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; script-src 'self'; script-src-attr 'none'; " +
  "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; form-action 'self'";

/** One year, subdomains too; sent only over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security, only on a request that arrived over TLS: the socket itself,
 * or `X-Forwarded-Proto: https` from a proxy that `TRUST_PROXY` trusts (Fastify's
 * `request.protocol` reads the header only then). Over plain HTTP a browser ignores it
 * (RFC 6797), and a forged header from an untrusted client is not believed. Fastify builds
 * the request of a router error (an undecodable URL, 400/414) without its proxy trust, so
 * those few answers go without it behind a proxy; the browser has it from any other.
 */
export function sendTransportSecurity(request: FastifyRequest, reply: FastifyReply): void {
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/** API answers hold per-user data: no browser or proxy may keep them. */
export const API_CACHE_CONTROL = 'no-store';

export const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The headers every answer carries: helmet's; no-store on API answers, which hold per-user
 * data, so no browser or proxy may keep them; HSTS when the request came over HTTPS.
 * The app's `onRequest` hook, and called directly for answers that skip the hooks
 * (Fastify's `frameworkErrors` run before any route).
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  applyHelmet(request.raw, reply.raw, ignore);
  sendTransportSecurity(request, reply);
  if (isApiPath(request.url)) reply.header('cache-control', API_CACHE_CONTROL);
}

/** `applySecurityHeaders` as an `onRequest` hook. */
export function securityHeadersHook(
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
): void {
  applySecurityHeaders(request, reply);
  done();
}
