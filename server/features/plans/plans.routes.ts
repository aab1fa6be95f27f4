import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  plansResponseSchema,
  subscriptionParamsSchema,
  subscriptionResponseSchema,
} from '../../../contract/plans.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { PlansService } from './plans.service';

const tags = ['plans'];

/**
 * The plans (issue #17): the public list the pricing page shows, and a club's
 * subscription for whoever may see the club (club.view; a super admin always).
 */
export const plansRoutes: FastifyPluginAsyncZod<{
  plans: PlansService;
  clubRoute: ClubRoute;
}> = async (app, { plans, clubRoute }) => {
  app.get(
    '/plans',
    {
      schema: {
        tags,
        summary: 'Los planes de la plataforma (público, sin sesión)',
        description:
          "Los de platform_settings 'plans' cuando el super administrador los guardó; si no, los del código (Gratis y Pro).",
        response: { 200: plansResponseSchema },
      },
    },
    async () => ({ data: await plans.list() }),
  );

  app.get(
    '/pla_club_teams/:id/subscription',
    {
      ...clubRoute('club.view'),
      schema: {
        tags,
        summary: 'El plan del club, lo que incluye y su uso (jugadores activos y miembros)',
        security: [{ bearerAuth: [] }],
        params: subscriptionParamsSchema,
        response: {
          200: subscriptionResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => ({ data: await plans.subscription(request.params.id) }),
  );
};
