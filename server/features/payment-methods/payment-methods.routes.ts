import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import {
  clubPaymentMethodListResponseSchema,
  clubPaymentMethodParamsSchema,
  clubPaymentMethodRequestSchema,
  clubPaymentMethodResponseSchema,
} from '../../../contract/payment-methods.schema';
import { SETTINGS_MANAGE } from '../../../contract/users.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { PaymentMethodsService } from './payment-methods.service';

const tags = ['payment-methods'];
const security = [{ bearerAuth: [] }];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * The payment methods a club accepts (issue #12): whoever sees the club's payments reads
 * them (families see the details on their payments); changing them is club settings.
 */
export const paymentMethodsRoutes: FastifyPluginAsyncZod<{
  paymentMethods: PaymentMethodsService;
  clubRoute: ClubRoute;
}> = async (app, { paymentMethods, clubRoute }) => {
  app.get(
    '/pla_club_teams/:id/payment-methods',
    {
      ...clubRoute('payments.view'),
      schema: {
        tags,
        summary:
          'Los medios de pago del país del club, cada uno con si el club lo acepta y sus datos para pagar',
        security,
        params: clubIdParamsSchema,
        response: { 200: clubPaymentMethodListResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await paymentMethods.list(request.params.id) }),
  );

  app.put(
    '/pla_club_teams/:id/payment-methods/:methodId',
    {
      ...clubRoute(SETTINGS_MANAGE),
      schema: {
        tags,
        summary:
          'Acepta o deja de aceptar un medio de pago del país del club, con sus datos para pagar',
        security,
        params: clubPaymentMethodParamsSchema,
        body: clubPaymentMethodRequestSchema,
        response: { 200: clubPaymentMethodResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await paymentMethods.update(request.params.id, request.params.methodId, request.body),
    }),
  );
};
