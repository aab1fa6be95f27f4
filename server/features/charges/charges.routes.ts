import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  chargeCreateSchema,
  chargeListQuerySchema,
  chargeListResponseSchema,
  chargeParamsSchema,
  chargeResponseSchema,
  chargeStatusSchema,
  chargeUpdateSchema,
} from '../../../contract/charges.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { Db } from '../../db/client';
import { paymentScopeOf } from '../payments/payment-scope';
import { currentUserOf } from '../../auth/require-user';
import type { ChargesService } from './charges.service';
import { addListExport } from '../../lib/list-export';
import type { Clock } from '../../lib/clock';
import { chargeExportColumns } from './charges.export';

const security = [{ bearerAuth: [] }];
const tags = ['charges'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const writeRefusals = { ...refusals, 409: apiErrorSchema, 422: apiErrorSchema };

/** What a club bills (issue #12), each route behind its payments.* permission in the club. */
export const chargesRoutes: FastifyPluginAsyncZod<{
  charges: ChargesService;
  db: Db;
  clock: Clock;
  clubRoute: ClubRoute;
}> = async (app, { charges, db, clock, clubRoute }) => {
  app.get(
    '/pla_club_teams/:id/charges',
    {
      ...clubRoute('payments.view'),
      schema: {
        tags,
        summary:
          'Los cobros del club (paginado, orden, búsqueda, filtros por estado, concepto y frecuencia)',
        security,
        params: clubIdParamsSchema,
        querystring: chargeListQuerySchema,
        response: { 200: chargeListResponseSchema, ...refusals },
      },
    },
    // A family sees only the charges that bill it, without other families' children.
    async (request) =>
      charges.list(request.params.id, request.query, await paymentScopeOf(db, request)),
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/pla_club_teams/:id/charges',
      guard: clubRoute('payments.view'),
      tags: tags,
      summary:
        'Exporta los cobros de la lista (filtros, búsqueda y orden); una familia, los que le cobran',
      params: clubIdParamsSchema,
      querystring: chargeListQuerySchema,
      fileName: 'cobros',
      sheet: 'Cobros',
      columns: chargeExportColumns,
      read: async (query, request) =>
        charges.list(request.params.id, query, await paymentScopeOf(db, request)),
    },
  );

  app.post(
    '/pla_club_teams/:id/charges',
    {
      // Creating a charge is managing the money catalogue, as editing one is (issue #33).
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary:
          'Crea un cobro (nombre único en el club; valor en centavos; a quién aplica y sus descuentos)',
        security,
        params: clubIdParamsSchema,
        body: chargeCreateSchema,
        response: { 201: chargeResponseSchema, ...writeRefusals },
      },
    },
    async (request, reply) => {
      const userId = currentUserOf(request).id;
      const charge = await charges.create(request.params.id, userId, request.body);
      return reply.code(201).send({ data: charge });
    },
  );

  app.patch(
    '/pla_club_teams/:id/charges/:chargeId',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary:
          'Cambia los campos enviados de un cobro. Un nuevo valor exige price_change_reason, queda en el historial (quién, cuándo, por qué) y se aplica solo a los periodos aún no generados: cada pago conserva su propio valor',
        security,
        params: chargeParamsSchema,
        body: chargeUpdateSchema,
        response: { 200: chargeResponseSchema, ...writeRefusals },
      },
    },
    async (request) => ({
      data: await charges.update(
        request.params.id,
        request.params.chargeId,
        currentUserOf(request).id,
        request.body,
      ),
    }),
  );

  app.patch(
    '/pla_club_teams/:id/charges/:chargeId/status',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary: 'Activa o desactiva un cobro',
        security,
        params: chargeParamsSchema,
        body: chargeStatusSchema,
        response: { 200: chargeResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await charges.setStatus(
        request.params.id,
        request.params.chargeId,
        request.body.status,
      ),
    }),
  );

  app.delete(
    '/pla_club_teams/:id/charges/:chargeId',
    {
      ...clubRoute('payments.delete'),
      schema: {
        tags,
        summary:
          'Elimina un cobro y sus vínculos; un cobro con cambios de precio registrados se desactiva en lugar de borrarse (409)',
        security,
        params: chargeParamsSchema,
        response: { 200: chargeResponseSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await charges.remove(request.params.id, request.params.chargeId),
    }),
  );
};
