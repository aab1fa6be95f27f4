import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's headers for every answer; the CSP is one the built SPA satisfies. */
export const helmetOptions = {
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
} satisfies FastifyHelmetOptions & HelmetOptions;

const applyHelmet = helmet(helmetOptions);

/** API answers hold per-user data: no browser or proxy may keep them. */
export const API_CACHE_CONTROL = 'no-store';

export const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The headers every answer carries, for answers that skip the hooks (Fastify's
 * `frameworkErrors` run before any route, so helmet's onRequest hook never sees them).
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  applyHelmet(request.raw, reply.raw, () => {});
  if (isApiPath(request.url)) reply.header('cache-control', API_CACHE_CONTROL);
}
