import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  healthLiveSchema,
  healthNotReadySchema,
  healthReadySchema,
} from '../../../contract/health.schema';
import { healthSchema } from '../../../contract/users.schema';
import type { DbHandle } from '../../db/client';
import {
  type ReadinessCheck,
  checkHealth,
  checkReadiness,
  notReadyMessage,
} from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<{
  handle: DbHandle;
  readiness: readonly ReadinessCheck[];
}> = async (app, { handle, readiness }) => {
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

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'El proceso está vivo (para el balanceador; no consulta la base de datos)',
        response: { 200: healthLiveSchema },
      },
    },
    // Nothing is touched: a restart is the cure only when the process itself is stuck.
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'El servidor puede atender: base de datos, almacenamiento y cola',
        response: { 200: healthReadySchema, 500: apiErrorSchema, 503: healthNotReadySchema },
      },
    },
    async (request, reply) => {
      const { checks, failures } = await checkReadiness(readiness);
      if (failures.length === 0) return { status: 'ok' as const, checks };
      for (const { name, error } of failures) {
        request.log.warn({ check: name, err: error }, 'readiness check failed');
      }
      return reply.code(503).send({ message: notReadyMessage(failures), checks });
    },
  );
};
