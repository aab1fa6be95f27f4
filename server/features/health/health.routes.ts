import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { healthSchema } from '../../../contract/users.schema';
import type { DbHandle } from '../../db/client';
import { checkHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<{ handle: DbHandle }> = async (
  app,
  { handle },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Estado del servidor y de la base de datos',
        // 503 while the database cannot be reached; the pool reconnects by itself.
        response: { 200: healthSchema, 500: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async () => checkHealth(handle),
  );
};
