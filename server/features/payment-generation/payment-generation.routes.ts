import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import {
  paymentGenerationPreviewSchema,
  paymentGenerationRequestSchema,
  paymentGenerationResultSchema,
} from '../../../contract/payment-generation.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { PaymentGenerationService } from './payment-generation.service';

const security = [{ bearerAuth: [] }];
const tags = ['payments'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** 'Generar cobros del periodo' (issue #12 item 4): preview, then generate (payments.update: staff; a family holds payments.create to send proofs). */
export const paymentGenerationRoutes: FastifyPluginAsyncZod<{
  generation: PaymentGenerationService;
  clubRoute: ClubRoute;
}> = async (app, { generation, clubRoute }) => {
  app.post(
    '/pla_club_teams/:id/payments/generation/preview',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary:
          'Cuenta, sin escribir nada, los pagos que generaría el periodo (AAAA-MM): por cobro, los que faltan, los que ya existen y los jugadores excluidos',
        security,
        params: clubIdParamsSchema,
        body: paymentGenerationRequestSchema,
        response: { 200: paymentGenerationPreviewSchema, ...refusals },
      },
    },
    async (request) => generation.preview(request.params.id, request.body.period),
  );

  app.post(
    '/pla_club_teams/:id/payments/generation',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary:
          'Genera los pagos que faltan del periodo (AAAA-MM, hasta 12 meses adelante): uno por jugador, cobro y periodo; repetirlo no crea nada dos veces',
        security,
        params: clubIdParamsSchema,
        body: paymentGenerationRequestSchema,
        response: { 200: paymentGenerationResultSchema, ...refusals },
      },
    },
    async (request) =>
      generation.generate(request.params.id, request.body.period, {
        actorId: currentUserOf(request).id,
        log: request.log,
      }),
  );
};
