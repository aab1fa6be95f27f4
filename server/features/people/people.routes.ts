import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  validateDocumentQuerySchema,
  validateDocumentResponseSchema,
} from '../../../contract/people.schema';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import {
  RATE_LIMITS,
  type RateLimits,
  rateLimitFor,
  registerRateLimit,
} from '../../lib/rate-limits';
import { checkDocument } from './document-check';

/**
 * People a club adds, outside the club path: `GET /api/validate-document` (SPEC §7 names
 * its query parameters; the club comes in `clubId`, checked as the club guard would).
 */
export const peopleRoutes: FastifyPluginAsyncZod<{
  db: Db;
  requireUser: preHandlerAsyncHookHandler;
  limits?: RateLimits;
}> = async (app, { db, requireUser, limits = RATE_LIMITS }) => {
  await registerRateLimit(app);
  app.get(
    '/validate-document',
    {
      onRequest: requireUser,
      // It reveals whether a person exists: per IP, enough for typing, not for scraping.
      config: rateLimitFor('documentLookup', limits),
      schema: {
        tags: ['people'],
        summary:
          'Dice si un documento está libre, ya está en el club (y con qué roles) o es de una persona de otro lugar (solo sus iniciales)',
        security: [{ bearerAuth: [] }],
        querystring: validateDocumentQuerySchema,
        response: {
          200: validateDocumentResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({ data: await checkDocument(db, currentUserOf(request), request.query) }),
  );
};
