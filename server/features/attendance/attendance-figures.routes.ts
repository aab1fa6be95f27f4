import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { type SQL, sql } from 'drizzle-orm';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  attendanceFiguresQuerySchema,
  attendanceFiguresSchema,
} from '../../../contract/attendance.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { players } from '../../db/schema/players';
import { withinScope } from '../players/player-scope';
import { sessionAccessOf } from '../sessions/session-scope';
import {
  type AttendanceFigureFilter,
  attendanceRateByCategory,
  attendanceRateByMonth,
  attendanceRateByPlayer,
} from './attendance-figures';
import { childrenOf } from './session-target';

const security = [{ bearerAuth: [] }];

/**
 * `GET …/attendance-figures` (issue #14 item 4): the rates per player, category and month
 * (attendance-figures.ts says what they count). Whose marks: the whole club for whoever
 * sees every session; otherwise the sessions the caller sees, and in them the marks of
 * themself, their children and, for a trainer, the players of their categories.
 */
export const attendanceFiguresRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clubRoute: ClubRoute;
}> = async (app, { db, clubRoute }) => {
  app.get(
    '/pla_club_teams/:id/attendance-figures',
    {
      ...clubRoute('sessions.view'),
      schema: {
        tags: ['attendance'],
        summary:
          'Tasa de asistencia por jugador, categoría y mes: (presentes + tardes) / (marcados − excusados), sesiones no canceladas en [from, to)',
        security,
        params: clubIdParamsSchema,
        querystring: attendanceFiguresQuerySchema,
        response: {
          200: attendanceFiguresSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const clubId = request.params.id;
      const me = currentUserOf(request).id;
      const access = await sessionAccessOf(db, request);
      const seen = access.visible(sql`s.category_id`);
      let scope: SQL | undefined;
      if (seen !== undefined) {
        const trained = sql`select ${players.userId} from ${players} where ${players.clubId} = ${clubId} and ${withinScope({ trainerId: me }, players.categoryId)}`;
        scope = sql`${seen} and (a.player_user_id = ${me} or a.player_user_id in (${childrenOf(clubId, me)}) or a.player_user_id in (${trained}))`;
      }
      const { from, to, category_id: categoryId } = request.query;
      const filter: AttendanceFigureFilter = {
        clubId,
        from: new Date(from),
        to: new Date(to),
        ...(categoryId ? { categoryIds: [categoryId] } : {}),
        ...(scope ? { scope } : {}),
      };
      return {
        from: filter.from.toISOString(),
        to: filter.to.toISOString(),
        by_player: await attendanceRateByPlayer(db, filter),
        by_category: await attendanceRateByCategory(db, filter),
        by_month: await attendanceRateByMonth(db, filter),
      };
    },
  );
};
