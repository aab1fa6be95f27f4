import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  validateDocumentQuerySchema,
  validateDocumentResponseSchema,
} from '../../../contract/people.schema';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { checkDocument } from './document-check';

/**
 * People a club adds, outside the club path: `GET /api/validate-document` (SPEC §7 names
 * its query parameters; the club comes in `clubId`, checked as the club guard would).
 */
export const peopleRoutes: FastifyPluginAsyncZod<{
  db: Db;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { db, requireUser }) => {
  app.get(
    '/validate-document',
    {
      onRequest: requireUser,
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
        },
      },
    },
    async (request) => ({ data: await checkDocument(db, currentUserOf(request), request.query) }),
  );
};
