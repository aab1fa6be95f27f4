import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  jobFailureParamsSchema,
  jobFailuresResponseSchema,
  jobRetryResponseSchema,
  platformHealthResponseSchema,
} from '../../../contract/platform-health.schema';
import { currentUserOf } from '../../auth/require-user';
import type { SuperAdminHooks } from '../../auth/super-admin';
import type { JobFailuresService } from './job-failures.service';
import type { PlatformHealthService } from './platform-health.service';

/**
 * Panel Super Admin's health (issue #17): version, database, outbox, jobs, errors; and the
 * job queue's failed jobs with their retry (issue #36).
 */
export const platformHealthRoutes: FastifyPluginAsyncZod<{
  health: PlatformHealthService;
  jobFailures: JobFailuresService;
  superAdmin: SuperAdminHooks;
}> = async (app, { health, jobFailures, superAdmin }) => {
  app.get(
    '/admin/platform-health',
    {
      ...superAdmin,
      schema: {
        tags: ['platform'],
        summary:
          'Salud de la plataforma: versión, base de datos, cola de correos, tareas y errores',
        description:
          'Versión (package.json), tipo y tamaño de la base de datos, correos pendientes y fallidos, última ejecución de cada tarea de fondo, tareas en espera, en curso y fallidas de cada cola y errores 5xx de las últimas 24 horas (los 10 últimos, con el patrón de la ruta y sin cuerpo).',
        security: [{ bearerAuth: [] }],
        response: {
          200: platformHealthResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async () => ({ data: await health.health() }),
  );

  app.get(
    '/admin/job-failures',
    {
      ...superAdmin,
      schema: {
        tags: ['platform'],
        summary: 'Tareas fallidas de la cola de tareas, con su error',
        description:
          'Las tareas de fondo y los correos que agotaron sus reintentos, la falla más reciente primero (a lo sumo 50): cola, error del último intento, reintentos hechos, creación y falla.',
        security: [{ bearerAuth: [] }],
        response: {
          200: jobFailuresResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async () => ({ data: await jobFailures.list() }),
  );

  app.post(
    '/admin/job-failures/:queue/:id/retry',
    {
      ...superAdmin,
      schema: {
        tags: ['platform'],
        summary: 'Envía de nuevo una tarea fallida',
        description:
          'La tarea vuelve a la cola para un intento más y queda en la auditoría. Responde 404 si la tarea no existe o ya no está fallida (por ejemplo, otro la reenvió antes).',
        security: [{ bearerAuth: [] }],
        params: jobFailureParamsSchema,
        response: {
          200: jobRetryResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { queue, id } = request.params;
      await jobFailures.retry(currentUserOf(request).id, queue, id);
      return { data: { retried: true as const } };
    },
  );
};
