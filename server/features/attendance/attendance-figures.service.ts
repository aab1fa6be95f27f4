import { type SQL, sql } from 'drizzle-orm';
import type {
  AttendanceFigures,
  AttendanceFiguresQuery,
} from '../../../contract/attendance.schema';
import type { Db } from '../../db/client';
import { players } from '../../db/schema/players';
import { withinScope } from '../players/player-scope';
import type { SessionAccess } from '../sessions/session-scope';
import {
  type AttendanceFigureFilter,
  attendanceRateByCategory,
  attendanceRateByMonth,
  attendanceRateByPlayer,
} from './attendance-figures';
import { childrenOf } from './session-target';

/** Who asks for the figures, in which club, and which sessions they see. */
export interface FiguresCaller {
  clubId: number;
  userId: number;
  access: SessionAccess;
}

/**
 * The rates per player, category and month (attendance-figures.ts says what they count).
 * Whose marks: the whole club for whoever sees every session; otherwise the sessions the
 * caller sees, and in them the marks of themself, their children and, for a trainer, the
 * players of their categories.
 */
export function createAttendanceFiguresService({ db }: { db: Db }) {
  return {
    async figures(
      { clubId, userId: me, access }: FiguresCaller,
      query: AttendanceFiguresQuery,
    ): Promise<AttendanceFigures> {
      const seen = access.visible(sql`s.category_id`);
      let scope: SQL | undefined;
      if (seen !== undefined) {
        const trained = sql`select ${players.userId} from ${players} where ${players.clubId} = ${clubId} and ${withinScope({ trainerId: me }, players.categoryId)}`;
        scope = sql`${seen} and (a.player_user_id = ${me} or a.player_user_id in (${childrenOf(clubId, me)}) or a.player_user_id in (${trained}))`;
      }
      const { from, to, category_id: categoryId } = query;
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
  };
}

export type AttendanceFiguresService = ReturnType<typeof createAttendanceFiguresService>;
