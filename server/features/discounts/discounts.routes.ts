import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import { discountHoldersResponseSchema } from '../../../contract/discount-holders.schema';
import {
  discountCreateSchema,
  discountListQuerySchema,
  discountListResponseSchema,
  discountParamsSchema,
  discountPlayersResponseSchema,
  discountPlayersSchema,
  discountResponseSchema,
  discountUpdateSchema,
} from '../../../contract/discounts.schema';
import { statusChangeSchema } from '../../../contract/people.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { Db } from '../../db/client';
import { paymentScopeOf } from '../payments/payment-scope';
import type { DiscountsService } from './discounts.service';
import { addListExport } from '../../lib/list-export';
import type { Clock } from '../../lib/clock';
import { discountExportColumns } from './discounts.export';

const security = [{ bearerAuth: [] }];
const tags = ['discounts'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** A club's discount catalogue (issue #12), each route behind its payments.* permission. */
export const discountsRoutes: FastifyPluginAsyncZod<{
  discounts: DiscountsService;
  db: Db;
  clock: Clock;
  clubRoute: ClubRoute;
}> = async (app, { discounts, db, clock, clubRoute }) => {
  app.get(
    '/pla_club_teams/:id/discounts',
    {
      ...clubRoute('payments.view'),
      schema: {
        tags,
        summary: 'Los descuentos del club (paginado, orden, búsqueda, filtros por estado y tipo)',
        security,
        params: clubIdParamsSchema,
        querystring: discountListQuerySchema,
        response: { 200: discountListResponseSchema, ...refusals },
      },
    },
    // A family sees only the discounts that reach it, counting only its own people.
    async (request) =>
      discounts.list(request.params.id, request.query, await paymentScopeOf(db, request)),
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/pla_club_teams/:id/discounts',
      guard: clubRoute('payments.view'),
      tags: tags,
      summary:
        'Exporta los descuentos de la lista (filtros, búsqueda y orden); una familia, los que le aplican',
      params: clubIdParamsSchema,
      querystring: discountListQuerySchema,
      fileName: 'descuentos',
      sheet: 'Descuentos',
      columns: discountExportColumns,
      read: async (query, request) =>
        discounts.list(request.params.id, query, await paymentScopeOf(db, request)),
    },
  );

  app.post(
    '/pla_club_teams/:id/discounts',
    {
      // Creating a discount is managing the money catalogue, as editing one is (issue #33).
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary: 'Crea un descuento (porcentaje 1 a 100 o valor fijo en centavos; nombre único)',
        security,
        params: clubIdParamsSchema,
        body: discountCreateSchema,
        response: { 201: discountResponseSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await discounts.create(request.params.id, request.body) }),
  );

  app.patch(
    '/pla_club_teams/:id/discounts/:discountId',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary: 'Cambia los campos enviados de un descuento del club',
        security,
        params: discountParamsSchema,
        body: discountUpdateSchema,
        response: { 200: discountResponseSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await discounts.update(request.params.id, request.params.discountId, request.body),
    }),
  );

  app.patch(
    '/pla_club_teams/:id/discounts/:discountId/status',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary: 'Activa o desactiva un descuento del club',
        security,
        params: discountParamsSchema,
        body: statusChangeSchema,
        response: { 200: discountResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await discounts.setStatus(
        request.params.id,
        request.params.discountId,
        request.body.status,
      ),
    }),
  );

  app.delete(
    '/pla_club_teams/:id/discounts/:discountId',
    {
      ...clubRoute('payments.delete'),
      schema: {
        tags,
        summary:
          'Elimina un descuento que nada usa; uno asignado a jugadores o cobros se desactiva en su lugar (409)',
        security,
        params: discountParamsSchema,
        response: { 200: discountResponseSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await discounts.remove(request.params.id, request.params.discountId),
    }),
  );

  app.get(
    '/pla_club_teams/:id/discounts/:discountId/players',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary: 'Los jugadores actuales del club que tienen el descuento',
        security,
        params: discountParamsSchema,
        response: { 200: discountHoldersResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await discounts.holders(request.params.id, request.params.discountId),
    }),
  );

  app.patch(
    '/pla_club_teams/:id/discounts/:discountId/players',
    {
      ...clubRoute('payments.update'),
      schema: {
        tags,
        summary:
          'Asigna el descuento a jugadores del club y se lo quita a otros; responde solo los que cambiaron',
        security,
        params: discountParamsSchema,
        body: discountPlayersSchema,
        response: { 200: discountPlayersResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await discounts.assignPlayers(
        request.params.id,
        request.params.discountId,
        request.body,
      ),
    }),
  );
};
