import { sql } from 'drizzle-orm';
import {
  ATTENDANCE_WINDOW_DAYS,
  type ClubOwnerDashboard,
  UPCOMING_DAYS,
  UPCOMING_MAX,
} from '../../../contract/dashboards.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { categories } from '../../db/schema/categories';
import { clubs } from '../../db/schema/clubs';
import { clubRoleCounts } from '../../db/schema/memberships';
import { attendanceRateByCategory } from '../attendance/attendance-figures';
import { dashboardSessions } from './dashboard-sessions';
import { moneyPart } from './money-part';
import { setupChecklist } from './setup-checklist';

/*
 * `GET /api/dashboard/club-owner` (issue #16): the owner's view of their working club,
 * every block from the module that defines it, the independent queries at once.
 * The counts are the `total`s the Jugadores, Entrenadores and Categorías grids answer the
 * owner with no filter: the players list counts the club's Jugador memberships (read from
 * club_role_counts, as players-list.ts does with nothing narrowing it), the trainers
 * list every Entrenador membership (active or not; same counter), the categories list
 * every category (active or inactive).
 */

const DAY_MS = 86_400_000;

/** The Jugador or Entrenador members of the club, from the counter the players list reads. */
const membersOf = (clubId: number, role: string) =>
  sql<number>`coalesce((select ${clubRoleCounts.members} from ${clubRoleCounts}
    where ${clubRoleCounts.clubId} = ${clubId}
      and ${clubRoleCounts.roleId} = (select ${roles.id} from ${roles} where ${roles.name} = ${role})), 0)`.mapWith(
    Number,
  );

/** The club's name, timezone and its three counts, in one statement. */
async function clubAndCounts(db: Db, clubId: number) {
  const [row] = await db
    .select({
      id: clubs.id,
      name: clubs.name,
      timezone: clubs.timezone,
      players: membersOf(clubId, 'Jugador'),
      trainers: membersOf(clubId, 'Entrenador'),
      categories: sql<number>`(select count(*) from ${categories}
        where ${categories.clubId} = ${clubId})`.mapWith(Number),
    })
    .from(clubs)
    .where(sql`${clubs.id} = ${clubId}`);
  if (!row) throw new Error(`clubOwnerDashboard: club ${clubId} vanished`);
  return row;
}

/** The owner's dashboard of club `clubId` at `now`. */
export async function clubOwnerDashboard(
  db: Db,
  clubId: number,
  now: Date,
): Promise<ClubOwnerDashboard> {
  const attendanceFrom = new Date(now.getTime() - ATTENDANCE_WINDOW_DAYS * DAY_MS);
  const upcomingTo = new Date(now.getTime() + UPCOMING_DAYS * DAY_MS);
  const [club, money, attendance, upcoming, checklist] = await Promise.all([
    clubAndCounts(db, clubId),
    moneyPart(db, clubId, now),
    attendanceRateByCategory(db, { clubId, from: attendanceFrom, to: now }),
    dashboardSessions(db, {
      clubId,
      from: now,
      to: upcomingTo,
      statuses: ['scheduled'],
      limit: UPCOMING_MAX,
    }),
    setupChecklist(db, clubId),
  ]);
  return {
    club: { id: club.id, name: club.name, timezone: club.timezone },
    generated_at: now.toISOString(),
    counts: { players: club.players, trainers: club.trainers, categories: club.categories },
    ...money,
    attendance: {
      from: attendanceFrom.toISOString(),
      to: now.toISOString(),
      categories: attendance,
    },
    upcoming: { from: now.toISOString(), to: upcomingTo.toISOString(), sessions: upcoming },
    checklist,
  };
}
