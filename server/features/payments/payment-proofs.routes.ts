import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  paymentActionParamsSchema,
  paymentActionResponseSchema,
  paymentRecordParamsSchema,
} from '../../../contract/payment-actions.schema';
import { proofMessages as m } from '../../../contract/payment-proofs.schema';
import { effectivePermissions, memberRoles } from '../../auth/club-permissions';
import { type ClubRoute, clubRolesOf } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sendUpload } from '../../lib/served-uploads';
import { scopedPayment } from './payment-details';
import { checkProof, proofFieldsOf, readProofUpload, registerProofUploads } from './payment-proofs';
import type { PaymentProofsService } from './payment-proofs.service';
import { paymentScopeOf } from './payment-scope';

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

/** Whether the caller holds payments.update in club `clubId` (with its module on). */
async function holdsPaymentsUpdate(db: Db, request: FastifyRequest, clubId: number) {
  const user = currentUserOf(request);
  if (user.isSuperAdmin) return true;
  const held = clubRolesOf(request) ?? (await memberRoles(db, user.id, clubId));
  const [grant] = await effectivePermissions(
    db,
    clubId,
    held.map((role) => role.id),
    { name: 'payments.update' },
  );
  return grant !== undefined && grant.moduleActive !== false;
}

/**
 * Who may send a proof for a payment: a family for a payment of its own or of a child
 * its guardian is authorised for (its payment scope; another family's, or a child whose
 * link is pending or denied, answers 404), and staff who see the whole club only with
 * payments.update (403 otherwise).
 */
async function refuseProofSender(db: Db, request: FastifyRequest, paymentId: number) {
  const clubId = (request.params as { id: number }).id;
  const scope = await paymentScopeOf(db, request);
  if (scope === undefined && !(await holdsPaymentsUpdate(db, request, clubId))) {
    throw new AppError(403, m.staffOnly);
  }
  await scopedPayment(db, clubId, paymentId, scope);
}

/**
 * Proofs of payment (issue #12 item 3): a family (or staff) sends one, behind
 * payments.create and the payment scope, and anyone who sees the payment reads it.
 */
export const paymentProofsRoutes: FastifyPluginAsyncZod<{
  proofs: PaymentProofsService;
  db: Db;
  clubRoute: ClubRoute;
}> = async (app, { proofs, db, clubRoute }) => {
  await registerProofUploads(app);

  app.post(
    '/pla_club_teams/:id/payments/:paymentId/proofs',
    {
      // payments.create is the families' "send a proof" (contract/access-table.rows.ts).
      ...clubRoute('payments.create'),
      schema: {
        tags,
        summary:
          'Envía un comprobante de pago (multipart): queda un abono en revisión con el archivo y el pago pasa a en revisión hasta que el club lo apruebe o lo rechace',
        description:
          "Campos de texto: amount (pesos enteros, mayor que cero, sin superar el saldo: 422), payment_method_id (un medio que el club acepta: 422), paid_on (AAAA-MM-DD, no posterior a hoy en la zona horaria del club: 422), reference y note opcionales; archivo proof (obligatorio): imagen JPG, PNG o WebP (se guarda como WebP de máximo 2000 px, sin metadatos) o PDF, de máximo 5 MB, reconocido por su contenido y nunca por su nombre (400 en 'proof'). Una familia lo envía para sus propios pagos o los de los hijos para los que su acudiente está autorizado (el de otra familia responde 404); el personal, con payments.update. Un pago anulado, exonerado o pagado no admite comprobantes (409); uno rechazado sí. Una sola transacción que bloquea el pago y escribe el evento 'proof_sent'; si algo se rechaza no queda ni el abono ni el archivo.",
        security,
        consumes: ['multipart/form-data'],
        params: paymentActionParamsSchema,
        response: { 201: paymentActionResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { id: clubId, paymentId } = request.params;
      await refuseProofSender(db, request, paymentId);
      const upload = await readProofUpload(request);
      const fields = proofFieldsOf(upload);
      const proof = await checkProof(upload.file);
      const actorId = currentUserOf(request).id;
      const answer = await proofs.send({ clubId, paymentId, actorId }, fields, proof);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/pla_club_teams/:id/payments/:paymentId/records/:recordId/proof',
    {
      ...clubRoute('payments.view'),
      schema: {
        tags,
        summary:
          'El comprobante de un abono (imagen WebP o PDF), para quien ve el pago; 404 si el abono no tiene comprobante',
        description:
          'Una imagen se sirve con Content-Disposition: inline y un PDF como descarga (attachment; filename="comprobante-<recordId>.pdf"), ambos con Content-Security-Policy: sandbox; default-src \'none\', Cache-Control: private, no-store y X-Content-Type-Options: nosniff. Una familia solo lee los comprobantes de sus propios pagos (otro responde 404).',
        security,
        params: paymentRecordParamsSchema,
        response: {
          200: z.unknown().describe('El archivo: image/webp o application/pdf'),
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { id: clubId, paymentId, recordId } = request.params;
      const file = await proofs.read(
        { clubId, paymentId, recordId },
        await paymentScopeOf(db, request),
      );
      return sendUpload(reply, file, {
        cacheControl: 'private, no-store',
        downloadName: `comprobante-${recordId}`,
      });
    },
  );
};
