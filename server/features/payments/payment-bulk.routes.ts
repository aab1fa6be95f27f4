import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import {
  PAYMENT_BULK_MAX,
  paymentBulkResponseSchema,
  paymentBulkSchema,
} from '../../../contract/payment-bulk.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { PaymentBulkService } from './payment-bulk.service';

/** Pagos' bulk actions on selected payments (issue #12 item 6), behind payments.update. */
export const paymentBulkRoutes: FastifyPluginAsyncZod<{
  bulk: PaymentBulkService;
  clubRoute: ClubRoute;
}> = async (app, { bulk, clubRoute }) => {
  app.post(
    '/pla_club_teams/:id/payments/bulk',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags: ['payments'],
        summary:
          'Acción masiva sobre pagos elegidos por id: aprobar sus comprobantes en revisión, enviar un recordatorio a cada familia o exonerar (con motivo)',
        description: `Hasta ${PAYMENT_BULK_MAX} ids distintos. Cada pago se procesa por separado, con la misma acción (y transacción) que su botón en la fila: 'approve' aprueba todos sus abonos en revisión (cada uno recibe su número de recibo); 'remind' avisa a quien paga (los acudientes autorizados de un menor —su notificación en la app y su correo, o antes de tener cuenta el correo del acudiente registrado en la ficha— o el jugador adulto): un mensaje por familia con los pagos de todos sus hijos, el saldo, la fecha límite y los medios de pago del club, y un enlace de WhatsApp por familia (uno por día y pago); 'families' dice por familia qué se envió y adónde; 'exempt' lo exonera con el motivo. Responde 200 con el resultado de cada id en el orden enviado (ok, estado después, mensaje o motivo del rechazo); un id que no es del club da ok=false.`,
        security: [{ bearerAuth: [] }],
        params: clubIdParamsSchema,
        body: paymentBulkSchema,
        response: {
          200: paymentBulkResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => bulk.apply(request.params.id, currentUserOf(request).id, request.body),
  );
};
