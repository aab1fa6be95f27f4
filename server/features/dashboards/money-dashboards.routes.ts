import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  type AccountantDashboard,
  type ClubOwnerDashboard,
  accountantDashboardResponseSchema,
  clubOwnerDashboardResponseSchema,
} from '../../../contract/dashboards.schema';
import type { DashboardDeps } from './dashboards.types';
import { accountantDashboard } from './accountant-dashboard';
import { clubOwnerDashboard } from './club-owner-dashboard';
import { clubVersions, dashboardAnswers, keptAnswerText } from './dashboard-answers';

const security = [{ bearerAuth: [] }];
const tags = ['dashboards'];
const refusals = { 401: apiErrorSchema, 403: apiErrorSchema, 422: apiErrorSchema };

const moneyText =
  'money: las cifras de Pagos del mes actual del club (las mismas de GET /api/pla_club_teams/{id}/payments/summary: facturado del periodo sin anulados, recaudado = abonos aprobados en el mes por fecha de aprobación en la hora del club, deuda, exonerado, en revisión y vencidos de todos los periodos). money_months: los últimos 6 meses, el actual al final, con lo facturado de cada periodo y lo recaudado en cada mes.';

/**
 * The money dashboards (issue #16): the owner's and the accountant's, of the caller's
 * working club (`X-Club-Id`, else the current club); each figure from
 * money-figures.ts and attendance-figures.ts (docs/dashboards.md).
 */
export const moneyDashboardsRoutes: FastifyPluginAsyncZod<DashboardDeps> = async (
  app,
  { db, clock, requireUser, session },
) => {
  // Auth before anything else: an anonymous caller gets 401.
  const onRequest = requireUser;
  // Kept per club while its data versions hold (dashboard-answers.ts).
  const owners = dashboardAnswers<ClubOwnerDashboard>(clock);
  const accountants = dashboardAnswers<AccountantDashboard>(clock);

  app.get(
    '/dashboard/club-owner',
    {
      onRequest,
      config: session.config,
      schema: {
        tags,
        security,
        summary: 'Tablero del propietario del club de trabajo, en una sola respuesta',
        description: `Solo para quien es Propietario del Club en el club de trabajo (o Super Admin); otro rol recibe 403 y un Super Admin sin club elegido, 422. counts: jugadores (miembros con rol Jugador), entrenadores (con rol Entrenador, activos o no) y categorías (activas o no): los totales de las grillas sin filtro. ${moneyText} attendance: asistencia por categoría de las sesiones no canceladas que empezaron en los últimos 30 días (tasa = (presentes + tarde) / (marcas − excusados)). upcoming: sesiones programadas que empiezan en los próximos 7 días, la más próxima primero (máximo 8), con sus marcas. checklist: los pasos de configuración (datos del club: teléfono, correo y ciudad; primera categoría; primer entrenador; jugadores; primer cobro; un medio de pago aceptado; un pago generado), complete cuando están todos. ${keptAnswerText}`,
        response: { 200: clubOwnerDashboardResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { clubId, versions } = session.clubCaller(request, 'club-owner');
      const data = await owners(String(clubId), clubVersions(versions, clubId), (now) =>
        clubOwnerDashboard(db, clubId, now),
      );
      return { data };
    },
  );

  app.get(
    '/dashboard/accountant',
    {
      onRequest,
      config: session.config,
      schema: {
        tags,
        security,
        summary: 'Tablero del contador del club de trabajo, en una sola respuesta',
        description: `Solo para quien es Contador en el club de trabajo (o Super Admin); otro rol recibe 403 y un Super Admin sin club elegido, 422. ${moneyText} debtors: los pagos vencidos a la fecha del club (pendientes, con abono parcial o rechazados con fecha de pago anterior a hoy, de cualquier periodo) por la categoría con la que se cobraron: jugadores distintos, pagos y saldo; su suma es money.overdue. methods: los abonos aprobados en el mes de money.period por medio de pago; su suma es money.collected. receipts: los recibos (abonos aprobados) de los últimos 7 días: cuántos, su valor y los 10 más recientes con el jugador. ${keptAnswerText}`,
        response: { 200: accountantDashboardResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { clubId, versions } = session.clubCaller(request, 'accountant');
      const data = await accountants(String(clubId), clubVersions(versions, clubId), (now) =>
        accountantDashboard(db, clubId, now),
      );
      return { data };
    },
  );
};
