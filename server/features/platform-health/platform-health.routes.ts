import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { platformHealthResponseSchema } from '../../../contract/platform-health.schema';
import type { SuperAdminHooks } from '../../auth/super-admin';
import type { PlatformHealthService } from './platform-health.service';

/** Panel Super Admin's health (issue #17): version, database, outbox, jobs, errors. */
export const platformHealthRoutes: FastifyPluginAsyncZod<{
  health: PlatformHealthService;
  superAdmin: SuperAdminHooks;
}> = async (app, { health, superAdmin }) => {
  app.get(
    '/admin/platform-health',
    {
      ...superAdmin,
      schema: {
        tags: ['platform'],
        summary:
          'Salud de la plataforma: versión, base de datos, cola de correos, tareas y errores',
        description:
          'Versión (package.json), tipo y tamaño de la base de datos, correos pendientes y fallidos, última ejecución de cada tarea de fondo y errores 5xx de las últimas 24 horas (los 10 últimos, con el patrón de la ruta y sin cuerpo).',
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
};
