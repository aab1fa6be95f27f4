import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import {
  paymentListQuerySchema,
  paymentListResponseSchema,
  paymentSummaryQuerySchema,
  paymentSummaryResponseSchema,
} from '../../../contract/payments.schema';
import { takeClubRead } from '../../auth/club-session';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { fastSerializer } from '../../lib/fast-serializer';
import { moneySummary } from './money-figures';
import { paymentScopeOf } from './payment-scope';
import { type PaymentPageRow, listPayments, paymentsListRead } from './payments.queries';
import { addListExport } from '../../lib/list-export';
import { paymentExportColumns } from './payments.export';

const security = [{ bearerAuth: [] }];
const tags = ['payments'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * What each player owes and what the club received (issue #12), behind payments.view: the
 * owner and the Contador see the whole club, a Jugador only their own payments, a
 * Padre/Acudiente those of the children they are authorised for (payment-scope.ts).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** The read-only handle the list and its figures read through (`DbHandle.preparedByText`). */
  reads: Db;
  clock: Clock;
  clubRoute: ClubRoute;
}> = async (app, { db, reads, clock, clubRoute }) => {
  app.get(
    '/pla_club_teams/:id/payments',
    {
      // The accountant's first screen: its page is read with the session (club-session.ts).
      ...clubRoute('payments.view', paymentsListRead(reads, clock)),
      schema: {
        tags,
        summary:
          'Los pagos del club (paginado, orden, búsqueda por jugador o documento, filtros por periodo, estado, categoría, jugador, medio de pago y vencido)',
        description:
          "Un pago por jugador, cobro y periodo. 'overdue' se calcula (pendiente, con abono parcial o rechazado y con la fecha de pago antes de hoy en la zona horaria del club); nunca se guarda. 'balance' es amount_due − amount_paid. Un Jugador ve solo sus pagos; un Padre/Acudiente, los de los hijos para los que está autorizado (un vínculo pendiente o no autorizado no muestra nada).",
        security,
        params: clubIdParamsSchema,
        querystring: paymentListQuerySchema,
        response: { 200: paymentListResponseSchema, ...refusals },
      },
      serializerCompiler: fastSerializer,
    },
    async (request) => {
      const scope = await paymentScopeOf(db, request);
      const read = takeClubRead<PaymentPageRow>(request, request.params.id, scope === undefined);
      return listPayments(
        reads,
        request.params.id,
        request.query,
        { scope, now: clock.now() },
        read,
      );
    },
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/pla_club_teams/:id/payments',
      guard: clubRoute('payments.view'),
      tags: tags,
      summary:
        'Exporta los pagos de la lista (filtros, búsqueda y orden); un Jugador o Acudiente, solo los suyos',
      params: clubIdParamsSchema,
      querystring: paymentListQuerySchema,
      fileName: 'pagos',
      sheet: 'Pagos',
      columns: paymentExportColumns,
      read: async (query, request) =>
        listPayments(reads, request.params.id, query, {
          scope: await paymentScopeOf(db, request),
          now: clock.now(),
        }),
    },
  );

  app.get(
    '/pla_club_teams/:id/payments/summary',
    {
      ...clubRoute('payments.view'),
      schema: {
        tags,
        summary:
          'Las cifras de Pagos de un periodo (por defecto el mes actual del club): facturado, recaudado, deuda, exonerado, en revisión y vencidos',
        description:
          'Todas salen de una sola definición (server/features/payments/money-figures.ts). Por periodo: facturado = valor a pagar de los pagos no anulados; deuda = saldos de los pendientes, con abono parcial, en revisión o rechazados; exonerado = saldos de los exonerados; y facturado = pagado + deuda + exonerado. Recaudado = abonos aprobados en ese mes por fecha de aprobación (hora del club). En revisión y vencidos cuentan todos los periodos. Un Jugador ve las cifras de sus propios pagos.',
        security,
        params: clubIdParamsSchema,
        querystring: paymentSummaryQuerySchema,
        response: { 200: paymentSummaryResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const clubId = request.params.id;
      const now = clock.now();
      const month = request.query.period;
      const scope = await paymentScopeOf(db, request);
      const { paid: _paid, ...summary } = await moneySummary(reads, clubId, { month, now, scope });
      return { data: summary };
    },
  );
};
