import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { paymentActionParamsSchema } from '../../../contract/payment-actions.schema';
import { paymentDetailResponseSchema } from '../../../contract/payment-details.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { paymentDetail } from './payment-details';
import { paymentScopeOf } from './payment-scope';

/** `GET …/payments/{paymentId}`: one payment with its history (the Pagos drawer). */
export const paymentDetailsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  clubRoute: ClubRoute;
}> = async (app, { db, clock, clubRoute }) => {
  app.get(
    '/pla_club_teams/:id/payments/:paymentId',
    {
      ...clubRoute('payments.view'),
      schema: {
        tags: ['payments'],
        summary:
          'Un pago con su historia: el pago como lo muestra la lista, sus abonos (el más reciente primero) y sus eventos (el más antiguo primero), con los nombres de quién hizo qué',
        description:
          'Cada abono dice su medio de pago, quién lo registró y quién lo revisó, y, si tiene comprobante, proof_url (GET autenticado) y su tipo. Un evento sin actor (actor_name null) lo hizo el servidor (la generación diaria). Un Jugador ve solo sus propios pagos; el de otro responde 404.',
        security: [{ bearerAuth: [] }],
        params: paymentActionParamsSchema,
        response: {
          200: paymentDetailResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) =>
      paymentDetail(db, request.params.id, request.params.paymentId, {
        scope: await paymentScopeOf(db, request),
        now: clock.now(),
      }),
  );
};
