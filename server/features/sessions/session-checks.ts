import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { type SessionScope, sessionMessages } from '../../../contract/sessions.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { categories } from '../../db/schema/categories';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import {
  sessionAttendance,
  sessionCallUps,
  sessionSeries,
  sessions,
} from '../../db/schema/sessions';
import { AppError, fieldError } from '../../lib/app-error';
import type { SessionAccess } from './session-scope';

/*
 * The checks every sessions write makes (issue #14): the category and trainer belong to
 * the club and the caller manages the category, the session exists for the caller, and
 * which occurrences a scope reaches — never the past ones that have attendance (history).
 */

/** 403 'Solo puedes gestionar sesiones de tus categorías', on `category_id`. */
export const notYourCategory = () =>
  new AppError(403, sessionMessages.notYourCategory, {
    errors: [{ path: 'category_id', message: sessionMessages.notYourCategory }],
  });

/** The club's timezone (IANA), where its wall-clock times are. */
export async function clubTimeZone(db: Db, clubId: number): Promise<string> {
  const [club] = await db
    .select({ timeZone: clubs.timezone })
    .from(clubs)
    .where(eq(clubs.id, clubId));
  return club?.timeZone ?? 'America/Bogota';
}

/**
 * Refuses a category that is not the club's (422 on category_id) or that the caller
 * does not manage (403); null (the whole club) needs `managesClubWide`.
 */
export async function checkCategory(
  db: Db,
  clubId: number,
  categoryId: number | null,
  access: SessionAccess,
): Promise<void> {
  if (categoryId === null) {
    if (!access.managesClubWide) throw notYourCategory();
    return;
  }
  const manageable = access.manageable(categories.id);
  const [row] = await db
    .select({
      manageable: manageable ? sql<boolean>`coalesce(${manageable}, false)` : sql<boolean>`true`,
    })
    .from(categories)
    .where(and(eq(categories.clubId, clubId), eq(categories.id, categoryId)));
  if (!row) throw fieldError('category_id', sessionMessages.unknownCategory);
  if (!row.manageable) throw notYourCategory();
}

/** Refuses (422 on trainer_id) a person who does not hold the club's Entrenador role. */
export async function checkTrainer(db: Db, clubId: number, trainerId: number | null | undefined) {
  if (trainerId == null) return;
  const [row] = await db
    .select({ userId: clubMemberships.userId })
    .from(clubMemberships)
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(
      and(
        eq(clubMemberships.clubId, clubId),
        eq(clubMemberships.userId, trainerId),
        eq(roles.name, 'Entrenador'),
      ),
    );
  if (!row) throw fieldError('trainer_id', sessionMessages.unknownTrainer);
}

const hasAttendance = sql<boolean>`exists (select 1 from ${sessionAttendance} where ${sessionAttendance.sessionId} = ${sessions.id})`;
const hasCallUps = sql<boolean>`exists (select 1 from ${sessionCallUps} where ${sessionCallUps.sessionId} = ${sessions.id})`;

/** A stored session as the writes need it. */
const rowFields = {
  id: sessions.id,
  seriesId: sessions.seriesId,
  occurrenceDate: sessions.occurrenceDate,
  categoryId: sessions.categoryId,
  type: sessions.type,
  title: sessions.title,
  location: sessions.location,
  trainerUserId: sessions.trainerUserId,
  notes: sessions.notes,
  opponent: sessions.opponent,
  homeAway: sessions.homeAway,
  competition: sessions.competition,
  status: sessions.status,
  startsAt: sessions.startsAt,
  endsAt: sessions.endsAt,
  hasAttendance,
  hasCallUps,
};

export interface StoredSession {
  id: number;
  seriesId: number | null;
  occurrenceDate: string | null;
  categoryId: number | null;
  type: (typeof sessions.type)['_']['data'];
  title: string;
  location: string | null;
  trainerUserId: number | null;
  notes: string | null;
  opponent: string | null;
  homeAway: (typeof sessions.homeAway)['_']['data'] | null;
  competition: string | null;
  status: (typeof sessions.status)['_']['data'];
  startsAt: Date;
  endsAt: Date;
  hasAttendance: boolean;
  hasCallUps: boolean;
}

/**
 * Session `sessionId` of club `clubId` for a write: 404 when the caller does not see it,
 * 403 'notYourCategory' when they see it but do not manage it.
 */
export async function managedSession(
  db: Db,
  clubId: number,
  sessionId: number,
  access: SessionAccess,
): Promise<StoredSession> {
  const manageable = access.manageable(sessions.categoryId);
  const [row] = await db
    .select({
      ...rowFields,
      canManage: manageable ? sql<boolean>`coalesce(${manageable}, false)` : sql<boolean>`true`,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.clubId, clubId),
        eq(sessions.id, sessionId),
        access.visible(sessions.categoryId),
      ),
    );
  if (!row) throw new AppError(404, sessionMessages.notFound);
  if (!row.canManage) throw notYourCategory();
  const { canManage: _canManage, ...session } = row;
  return normalise(session);
}

/** Booleans as booleans whatever the driver answered. */
const normalise = (row: StoredSession): StoredSession => ({
  ...row,
  hasAttendance: Boolean(row.hasAttendance),
  hasCallUps: Boolean(row.hasCallUps),
});

/** The occurrences a scope reaches, and how many of them are history left as they were. */
export interface Reach {
  rows: StoredSession[];
  kept: number;
}

/**
 * The sessions `scope` reaches from `target`, in start order: itself ('this'), the
 * occurrences of its series from its day ('following') or all of them ('series'),
 * without those that started before `now` and have attendance (counted in `kept`).
 * 422 on 'scope' for following/series on a session outside a series.
 */
export async function reachOf(
  db: Db,
  target: StoredSession,
  scope: SessionScope,
  now: Date,
): Promise<Reach> {
  if (scope === 'this') return { rows: [target], kept: 0 };
  if (target.seriesId === null) throw fieldError('scope', sessionMessages.scopeNeedsSeries);
  const rows = (
    await db
      .select(rowFields)
      .from(sessions)
      .where(
        and(
          eq(sessions.seriesId, target.seriesId),
          scope === 'following' && target.occurrenceDate
            ? gte(sessions.occurrenceDate, target.occurrenceDate)
            : undefined,
        ),
      )
      .orderBy(asc(sessions.startsAt), asc(sessions.id))
  ).map(normalise);
  const isHistory = (row: StoredSession) => row.hasAttendance && row.startsAt < now;
  return { rows: rows.filter((row) => !isHistory(row)), kept: rows.filter(isHistory).length };
}

/** The series row of `seriesId`. */
export async function seriesOf(db: Db, seriesId: number) {
  const [series] = await db.select().from(sessionSeries).where(eq(sessionSeries.id, seriesId));
  if (!series) throw new AppError(404, sessionMessages.notFound);
  return series;
}
