import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { paymentActionParamsSchema } from '../../../contract/payment-actions.schema';
import {
  RECEIPT_LINK_DAYS,
  publicReceiptParamsSchema,
  receiptLinkCreateSchema,
  receiptLinkCreatedResponseSchema,
  receiptLinkListResponseSchema,
  receiptLinkParamsSchema,
  receiptQuerySchema,
} from '../../../contract/receipts.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { rateLimitFor, registerRateLimit } from '../../lib/rate-limits';
import { paymentScopeOf } from './payment-scope';
import type { ReceiptFile, ReceiptsService } from './receipts.service';

const security = [{ bearerAuth: [] }];
const tags = ['payments'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const PDF_ANSWER =
  'Responde application/pdf (A5): club y logo, número de recibo, fecha de aprobación, jugador, concepto, periodo, valor base, descuentos, valor a pagar, valor recibido, total pagado y saldo después de este abono, medio de pago y referencia, quién lo registró y quién lo aprobó. Valores en pesos colombianos (es-CO).';

/** Sends a receipt PDF, never cached by a browser or proxy. */
const sendPdf = (reply: FastifyReply, file: ReceiptFile, disposition: 'attachment' | 'inline') =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="recibo-${file.receiptNumber}.pdf"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);

/**
 * Receipts (issue #12 item 3): the PDF of an approved record (payments.view, within the
 * caller's payment scope: a Jugador only their own), the public links staff share by
 * WhatsApp (payments.update) and the public receipt behind such a link (no session,
 * limited per IP).
 */
export const receiptsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  receipts: ReceiptsService;
  clubRoute: ClubRoute;
}> = async (app, { db, receipts, clubRoute }) => {
  await registerRateLimit(app);
  const actor = (request: { params: { id: number; paymentId: number } }, actorId: number) => ({
    clubId: request.params.id,
    paymentId: request.params.paymentId,
    actorId,
  });

  app.get(
    '/pla_club_teams/:id/payments/:paymentId/receipt.pdf',
    {
      ...clubRoute('payments.view'),
      schema: {
        tags,
        summary:
          'El recibo en PDF de un abono aprobado del pago (por defecto el último aprobado), como archivo descargable',
        description: `${PDF_ANSWER} 404 si el pago no existe o no es del jugador que consulta, si no tiene abonos aprobados o si record_id no es de este pago; 409 si ese abono no está aprobado.`,
        security,
        params: paymentActionParamsSchema,
        querystring: receiptQuerySchema,
        response: { 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const file = await receipts.paymentReceipt(request.params.id, request.params.paymentId, {
        recordId: request.query.record_id,
        scope: await paymentScopeOf(db, request),
      });
      return sendPdf(reply, file, 'attachment');
    },
  );

  app.post(
    '/pla_club_teams/:id/payments/:paymentId/receipt-links',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary:
          "Crea un enlace público al recibo de un abono aprobado (por defecto el último) y el enlace de 'Compartir por WhatsApp'",
        description: `El enlace lleva un token aleatorio de 32 bytes que solo aparece en esta respuesta (se guarda su sha256). Vence a los ${RECEIPT_LINK_DAYS} días y se puede revocar. whatsapp_url abre WhatsApp con un mensaje en español (club, número de recibo, valor, concepto, periodo y el enlace), dirigido al teléfono del jugador (o de su acudiente) cuando lo tiene.`,
        security,
        params: paymentActionParamsSchema,
        body: receiptLinkCreateSchema,
        response: { 201: receiptLinkCreatedResponseSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await receipts.createLink(
        actor(request, currentUserOf(request).id),
        request.body.record_id,
      );
      return reply.code(201).send({ data: created });
    },
  );

  app.get(
    '/pla_club_teams/:id/payments/:paymentId/receipt-links',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary: 'Los enlaces públicos a recibos de este pago, el más reciente primero',
        description: 'Nunca muestra el token: solo se guarda su sha256.',
        security,
        params: paymentActionParamsSchema,
        response: { 200: receiptLinkListResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await receipts.listLinks(request.params.id, request.params.paymentId),
    }),
  );

  app.delete(
    '/pla_club_teams/:id/payments/:paymentId/receipt-links/:linkId',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary: 'Revoca un enlace público a un recibo (revocarlo de nuevo no cambia nada)',
        security,
        params: receiptLinkParamsSchema,
        response: { 204: z.null().describe('Sin contenido'), ...refusals },
      },
    },
    async (request, reply) => {
      await receipts.revokeLink(actor(request, currentUserOf(request).id), request.params.linkId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/public/receipts/:token',
    {
      // The token opens the receipt: the request log prints the route with it masked.
      config: { ...rateLimitFor('publicReceipt'), secretParams: ['token'] },
      schema: {
        tags,
        summary: 'Un recibo compartido por enlace (público, sin sesión), para ver en el navegador',
        description: `${PDF_ANSWER} 404 si el enlace no existe, venció o fue revocado.`,
        params: publicReceiptParamsSchema,
        response: { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await receipts.publicReceipt(request.params.token), 'inline'),
  );
};
