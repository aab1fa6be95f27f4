import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  ATTENDANCE_WINDOW_DAYS,
  DASHBOARD_MONTHS,
  LOW_ATTENDANCE_RATE,
  TO_TAKE_DAYS,
  type TrainerDashboard,
  superAdminDashboardResponseSchema,
  trainerDashboardResponseSchema,
} from '../../../contract/dashboards.schema';
import {
  type ParentDashboardEntry,
  type PlayerDashboardEntry,
  parentDashboardResponseSchema,
  playerDashboardResponseSchema,
} from '../../../contract/parents.schema';
import type { DashboardDeps } from './dashboards.types';
import type { AnalyticsService } from '../analytics/analytics.service';
import { recentFigures } from '../../lib/recent-figures';
import {
  clubVersions,
  dashboardAnswers,
  familyVersions,
  keptAnswerText,
} from './dashboard-answers';
import { parentDashboardOf, playerDashboardOf } from './family-dashboards';
import { lowAttendanceOf, trainerDashboardOf } from './trainer-dashboard';

/*
 * The people's dashboards (issue #16): `GET /api/dashboard/{trainer|player|parent|
 * super-admin}`. Each is for the callers holding its role (dashboard-access.ts): the
 * trainer's in the working club, the player's and parent's in any club (they answer only
 * the caller's own rows, in every active club), the super admin's for super admins only.
 */

const tags = ['dashboards'];
const security = [{ bearerAuth: [] }];
const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };
const pct = `${Math.round(LOW_ATTENDANCE_RATE * 100)} %`;

/** A trainer's low-attendance list (30 days of rates) at most every five minutes. */
export const LOW_ATTENDANCE_MAX_AGE_MS = 5 * 60_000;

const familyCharts = `charts: los últimos ${DASHBOARD_MONTHS} meses del club (desde el día 1 del mes de hace ${DASHBOARD_MONTHS - 1} hasta ahora): attendance_months, la asistencia del jugador por mes ((presentes + tardes) / (marcados − excusados), sesiones no canceladas; un mes sin marcas no aparece); payment_months, por periodo, lo facturado (valor de sus pagos no anulados) y lo pagado de ese periodo.`;

export const peopleDashboardsRoutes: FastifyPluginAsyncZod<
  DashboardDeps & { analytics: AnalyticsService }
> = async (app, { analytics, db, clock, requireUser, session }) => {
  const signedIn = { onRequest: requireUser, config: session.config };
  // Slow-moving figures over a whole club or the platform, kept a short while
  // (server/lib/recent-figures.ts); the rest is read again as soon as a write changes it
  // (the kept answers below, dashboard-answers.ts).
  // Kept while their data versions hold (dashboard-answers.ts).
  const trainers = dashboardAnswers<TrainerDashboard>(clock);
  const players = dashboardAnswers<PlayerDashboardEntry[]>(clock);
  const parents = dashboardAnswers<ParentDashboardEntry[]>(clock);
  const lowAttendance = recentFigures(
    clock,
    { maxAgeMs: LOW_ATTENDANCE_MAX_AGE_MS },
    (key: string) => {
      const [clubId, trainerId] = key.split(':').map(Number) as [number, number];
      const trainer = trainerId > 0 ? { trainerId } : undefined;
      return lowAttendanceOf(db, clubId, trainer, clock.now());
    },
  );

  app.get(
    '/dashboard/trainer',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          'Tablero del entrenador: sus categorías y jugadores, sesiones de hoy y de la semana, asistencia por tomar y jugadores con baja asistencia',
        description: [
          'Del club de trabajo, dentro de las categorías del entrenador (el super admin, o quien por otro rol ve todo el club, ve todas).',
          'counts: sus categorías y el total de la grilla de Jugadores que ve.',
          'today: la fecha de hoy en la zona horaria del club y sus sesiones no canceladas (de sus categorías y las de todo el club); week: de lunes a domingo de la semana actual del club (`to` excluido).',
          `to_take: las sesiones de sus categorías que empezaron en los últimos ${TO_TAKE_DAYS} días, no canceladas y sin ninguna marca de asistencia, la más reciente primero.`,
          `low_attendance: sus jugadores actuales con tasa (presentes + tardes) / (marcados − excusados) menor a ${pct} en los últimos ${ATTENDANCE_WINDOW_DAYS} días, la menor primero (a lo sumo 10); esta lista se recalcula a lo sumo cada 5 minutos (su \`to\` dice cuándo).`,
          keptAnswerText,
        ].join(' '),
        response: { 200: trainerDashboardResponseSchema, ...refusals, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const caller = session.clubCaller(request, 'trainer');
      const { clubId, userId, isSuperAdmin } = caller;
      const key = `${clubId}:${userId}:${isSuperAdmin}`;
      const data = await trainers(key, clubVersions(caller.versions, clubId), (now) =>
        trainerDashboardOf(db, caller, now, (club, trainer) =>
          lowAttendance(`${club}:${trainer?.trainerId ?? 0}`),
        ),
      );
      return { data };
    },
  );

  app.get(
    '/dashboard/player',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          'Mi tablero como jugador en cada club activo donde juego: categoría, próximas sesiones, asistencia de 90 días, pagos pendientes, deuda y gráficas de 6 meses',
        description: `Solo para quien es Jugador en algún club. summary: como GET /api/parents/children. ${familyCharts} ${keptAnswerText}`,
        response: { 200: playerDashboardResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { userId, versions } = session.caller(request, 'player');
      const data = await players(String(userId), familyVersions(versions), (now) =>
        playerDashboardOf(db, userId, now),
      );
      return { data };
    },
  );

  app.get(
    '/dashboard/parent',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          'Tablero del acudiente: sus hijos en todos sus clubes (como GET /api/parents/children) con las gráficas de 6 meses de cada hijo autorizado',
        description: `Solo para quien es Padre/Acudiente en algún club. Un vínculo pendiente o no autorizado trae summary y charts null. ${familyCharts} ${keptAnswerText}`,
        response: { 200: parentDashboardResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { userId, versions } = session.caller(request, 'parent');
      const data = await parents(String(userId), familyVersions(versions), (now) =>
        parentDashboardOf(db, userId, now),
      );
      return { data };
    },
  );

  app.get(
    '/dashboard/super-admin',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: `Tablero del super admin: Análisis Global de los últimos ${DASHBOARD_MONTHS} meses (clubes, usuarios, jugadores, clubes activos, facturado y recaudado por mes, totales de la plataforma)`,
        description: `Solo super admins. Lo mismo que GET /api/admin/analytics?months=${DASHBOARD_MONTHS}: meses del calendario de Bogotá, el actual incluido. Las cifras se calculan a lo sumo una vez por minuto (generated_at dice cuándo).`,
        response: { 200: superAdminDashboardResponseSchema, ...refusals },
      },
    },
    async (request) => {
      session.caller(request, 'super-admin');
      // The same kept computation as Análisis Global's (analytics.service.ts `recent`).
      return { data: await analytics.recent(DASHBOARD_MONTHS) };
    },
  );
};
