import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { authMessages } from '../../../contract/auth.schema';
import { messages } from '../../lib/error-handler';
import type { AppMetrics } from '../../lib/metrics';

/** The sha256 of a text: equal lengths for `timingSafeEqual`, whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `authorization` is `Bearer <token>`, compared in constant time so the answer's
 * timing tells nothing about how much of a guess was right.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * `GET /metrics`, outside /api: Prometheus's text format for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Without a configured token it answers 404 like
 * any unknown path, so nothing tells a visitor it exists.
 */
export const metricsRoutes: FastifyPluginAsync<{
  metrics: AppMetrics;
  token: string | undefined;
}> = async (app, { metrics, token }) => {
  app.get(
    '/metrics',
    // Not part of the API: kept out of the OpenAPI document.
    { schema: { hide: true } },
    async (request, reply) => {
      // Neither the figures nor a refusal may be kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      if (token === undefined) return reply.code(404).send({ message: messages.notFound });
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: authMessages.unauthenticated });
      }
      const text = await metrics.render();
      return reply.type(metrics.contentType).send(text);
    },
  );
};
