import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { analyticsQuerySchema, analyticsResponseSchema } from '../../../contract/analytics.schema';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import type { SuperAdminHooks } from '../../auth/super-admin';
import type { AnalyticsService } from './analytics.service';

/** Análisis Global (issue #17): `GET /api/admin/analytics?months=12`, super admin only. */
export const analyticsRoutes: FastifyPluginAsyncZod<{
  analytics: AnalyticsService;
  superAdmin: SuperAdminHooks;
}> = async (app, { analytics, superAdmin }) => {
  app.get(
    '/admin/analytics',
    {
      ...superAdmin,
      schema: {
        tags: ['analytics'],
        security: [{ bearerAuth: [] }],
        summary:
          'Crecimiento de clubes, usuarios y jugadores, clubes activos y dinero facturado y recaudado por mes',
        description:
          'Los últimos `months` meses (1 a 36, por defecto 12), el actual incluido, en el calendario de Bogotá. Las cifras se calculan a lo sumo una vez por minuto (generated_at dice cuándo); hasta 12 meses son los últimos meses de un mismo cálculo, el del tablero del super admin, así que sus totales coinciden. Activo: un club con pagos registrados, sesiones programadas, jugadores o miembros nuevos en los 30 días hasta el fin del mes (o hasta ahora). Facturado y recaudado como en Pagos (money-figures).',
        querystring: analyticsQuerySchema,
        response: {
          200: analyticsResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await analytics.recent(request.query.months),
    }),
  );
};
