import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  paymentActionParamsSchema,
  paymentActionResponseSchema,
  paymentReasonSchema,
  paymentRecordCreateSchema,
  paymentRecordParamsSchema,
} from '../../../contract/payment-actions.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { PaymentActionsService } from './payment-actions.service';
import { attachedProofOf, multipartRecordBody, registerProofUploads } from './payment-proofs';
import type { PaymentProofsService } from './payment-proofs.service';

const security = [{ bearerAuth: [] }];
const tags = ['payments'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const ONE_TRANSACTION =
  'Una sola transacción que bloquea el pago (SELECT … FOR UPDATE) y escribe un evento del pago (quién, cuándo, qué, por qué). Responde el pago como lo muestra la lista y el abono que tocó.';

/**
 * What staff do to a payment (issue #12 item 3), each behind payments.update: record
 * money received, approve or reject a record in review, cancel, exempt.
 */
export const paymentActionsRoutes: FastifyPluginAsyncZod<{
  actions: PaymentActionsService;
  proofs: PaymentProofsService;
  clubRoute: ClubRoute;
}> = async (app, { actions, proofs, clubRoute }) => {
  // POST …/records also takes multipart, with an optional proof (payment-proofs.ts).
  await registerProofUploads(app);
  const who = (request: { params: { id: number; paymentId: number } }, actorId: number) => ({
    clubId: request.params.id,
    paymentId: request.params.paymentId,
    actorId,
  });

  app.post(
    '/pla_club_teams/:id/payments/:paymentId/records',
    {
      ...clubRoute('payments.update'),
      preValidation: multipartRecordBody,
      schema: {
        tags,
        summary:
          'Registra dinero recibido por el club (total o abono parcial): queda aprobado con el siguiente número de recibo del club y el pago pasa a abono parcial o pagado',
        description: `El valor (pesos enteros, mayor que cero) no puede superar el saldo; el medio de pago debe ser uno que el club acepta; la fecha de pago no puede ser posterior a hoy (zona horaria del club). Un pago anulado o exonerado no admite abonos (409). Como JSON, o como multipart/form-data con los mismos campos y un archivo opcional 'proof' (imagen JPG, PNG o WebP o PDF de máximo 5 MB, reconocido por su contenido; 400 en 'proof'), que queda como comprobante del abono. ${ONE_TRANSACTION}`,
        security,
        consumes: ['application/json', 'multipart/form-data'],
        params: paymentActionParamsSchema,
        body: paymentRecordCreateSchema,
        response: { 201: paymentActionResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = who(request, currentUserOf(request).id);
      const proof = attachedProofOf(request);
      const answer = proof
        ? await proofs.withStoredProof(actor.clubId, proof, (key) =>
            actions.record(actor, request.body, key),
          )
        : await actions.record(actor, request.body);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/pla_club_teams/:id/payments/:paymentId/records/:recordId/approve',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary:
          'Aprueba un abono en revisión (enviado por una familia): recibe el siguiente número de recibo del club y suma al pago',
        description: `Solo un abono en revisión (409 si ya fue aprobado o rechazado), de un pago no anulado ni exonerado (409) y sin superar el saldo (422). Dos aprobaciones a la vez nunca comparten ni saltan un número. ${ONE_TRANSACTION}`,
        security,
        params: paymentRecordParamsSchema,
        response: { 200: paymentActionResponseSchema, ...refusals },
      },
    },
    async (request) =>
      actions.approve(who(request, currentUserOf(request).id), request.params.recordId),
  );

  app.post(
    '/pla_club_teams/:id/payments/:paymentId/records/:recordId/reject',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary:
          'Rechaza un abono en revisión con un motivo: el pago vuelve a pendiente o abono parcial según lo pagado, o queda rechazado (con el motivo) si no tiene nada pagado ni otro abono en revisión',
        description: ONE_TRANSACTION,
        security,
        params: paymentRecordParamsSchema,
        body: paymentReasonSchema,
        response: { 200: paymentActionResponseSchema, ...refusals },
      },
    },
    async (request) =>
      actions.reject(
        who(request, currentUserOf(request).id),
        request.params.recordId,
        request.body.reason,
      ),
  );

  app.post(
    '/pla_club_teams/:id/payments/:paymentId/cancel',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary:
          'Anula un pago con un motivo: solo si no tiene nada pagado y no está ya anulado ni exonerado (409)',
        description: ONE_TRANSACTION,
        security,
        params: paymentActionParamsSchema,
        body: paymentReasonSchema,
        response: { 200: paymentActionResponseSchema, ...refusals },
      },
    },
    async (request) => actions.cancel(who(request, currentUserOf(request).id), request.body.reason),
  );

  app.post(
    '/pla_club_teams/:id/payments/:paymentId/exempt',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary:
          'Exonera un pago con un motivo (su saldo deja de ser deuda); no un pago pagado, anulado o ya exonerado (409)',
        description: ONE_TRANSACTION,
        security,
        params: paymentActionParamsSchema,
        body: paymentReasonSchema,
        response: { 200: paymentActionResponseSchema, ...refusals },
      },
    },
    async (request) => actions.exempt(who(request, currentUserOf(request).id), request.body.reason),
  );
};
