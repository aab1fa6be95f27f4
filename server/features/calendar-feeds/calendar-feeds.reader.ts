import { and, asc, eq, gte, isNull, lt, or } from 'drizzle-orm';
import {
  FEED_FUTURE_DAYS,
  FEED_PAST_DAYS,
  calendarFeedMessages as m,
} from '../../../contract/calendar-feeds.schema';
import { assertClubDoorsOpen } from '../../auth/club-doors';
import { effectivePermissions, memberRoles } from '../../auth/club-permissions';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { clubs } from '../../db/schema/clubs';
import { calendarFeeds, sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { type Clock, addMs } from '../../lib/clock';
import { hashSecretToken } from '../../lib/secret-token';
import { sessionAccessFor } from '../sessions/session-scope';
import { type FeedSession, buildFeedIcs } from './calendar-feeds.ics';

/*
 * The public read of a calendar feed (GET /api/calendar-feeds/{token}.ics): the token's
 * hash finds the feed; a revoked feed, a person who left the club (or lost
 * sessions.view, or was deactivated), an archived or suspended club (club-doors.ts) or anything malformed answers the
 * same 404, so nothing about the feed is revealed. What a feed holds is what its person
 * may see now, by the same rules as the calendar (session-scope.ts): a category feed
 * that category's sessions and the club-wide ones, a person's feed everything they see.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A safety net: a year of a big club's trainings is well below it. */
const FEED_MAX_EVENTS = 5000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

interface FeedRow {
  clubId: number;
  kind: 'category' | 'person';
  categoryId: number | null;
  categoryName: string | null;
  userId: number;
  clubName: string;
  timeZone: string;
  clubStatus: string;
  personName: string;
  personLastname: string;
  personStatus: string;
  isSuperAdmin: boolean;
  revokedAt: Date | null;
}

async function feedOf(db: Db, token: string): Promise<FeedRow | undefined> {
  const [feed] = await db
    .select({
      clubId: calendarFeeds.clubId,
      kind: calendarFeeds.kind,
      categoryId: calendarFeeds.categoryId,
      categoryName: categories.name,
      userId: calendarFeeds.userId,
      clubName: clubs.name,
      timeZone: clubs.timezone,
      clubStatus: clubs.status,
      personName: users.name,
      personLastname: users.lastname,
      personStatus: users.status,
      isSuperAdmin: users.isSuperAdmin,
      revokedAt: calendarFeeds.revokedAt,
    })
    .from(calendarFeeds)
    .innerJoin(clubs, eq(clubs.id, calendarFeeds.clubId))
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(categories, eq(categories.id, calendarFeeds.categoryId))
    .where(eq(calendarFeeds.tokenHash, hashSecretToken(token)));
  return feed;
}

/** Whether the feed's person still sees the club's calendar (a member holding sessions.view). */
async function stillSees(db: Db, feed: FeedRow): Promise<boolean> {
  if (feed.isSuperAdmin) return true;
  const held = await memberRoles(db, feed.userId, feed.clubId);
  if (held.length === 0) return false;
  const [grant] = await effectivePermissions(
    db,
    feed.clubId,
    held.map((role) => role.id),
    { name: 'sessions.view' },
  );
  return grant !== undefined && grant.moduleActive !== false;
}

/** The feed's sessions from FEED_PAST_DAYS ago to FEED_FUTURE_DAYS ahead, by start. */
async function feedSessions(db: Db, feed: FeedRow, now: Date): Promise<FeedSession[]> {
  const access = await sessionAccessFor(db, feed.clubId, feed.userId);
  const ofCategory =
    feed.kind === 'category'
      ? or(eq(sessions.categoryId, feed.categoryId!), isNull(sessions.categoryId))
      : undefined;
  return db
    .select({
      id: sessions.id,
      type: sessions.type,
      title: sessions.title,
      categoryName: categories.name,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
      location: sessions.location,
      notes: sessions.notes,
      status: sessions.status,
      cancelReason: sessions.cancelReason,
      opponent: sessions.opponent,
      homeAway: sessions.homeAway,
      competition: sessions.competition,
      scoreOurs: sessions.scoreOurs,
      scoreTheirs: sessions.scoreTheirs,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .leftJoin(categories, eq(categories.id, sessions.categoryId))
    .where(
      and(
        eq(sessions.clubId, feed.clubId),
        gte(sessions.startsAt, addMs(now, -FEED_PAST_DAYS * DAY_MS)),
        lt(sessions.startsAt, addMs(now, FEED_FUTURE_DAYS * DAY_MS)),
        ofCategory,
        access.visible(sessions.categoryId),
      ),
    )
    .orderBy(asc(sessions.startsAt), asc(sessions.id))
    .limit(FEED_MAX_EVENTS);
}

/** The `text/calendar` body behind `token`, or 404 'Calendario no encontrado'. */
export async function feedIcs(
  db: Db,
  { clock, appUrl }: { clock: Clock; appUrl: string },
  token: string,
): Promise<string> {
  const refused = new AppError(404, m.notFound);
  if (!TOKEN.test(token)) throw refused;
  const feed = await feedOf(db, token);
  if (!feed || feed.revokedAt !== null) throw refused;
  if (feed.clubStatus !== 'active' || feed.personStatus !== 'active') throw refused;
  await assertClubDoorsOpen(db, feed.clubId, refused);
  if (!(await stillSees(db, feed))) throw refused;
  const now = clock.now();
  const subject =
    feed.kind === 'category'
      ? feed.categoryName!
      : `${feed.personName} ${feed.personLastname}`.trim();
  return buildFeedIcs({
    name: `${feed.clubName} — ${subject}`,
    timeZone: feed.timeZone,
    calendarUrl: `${appUrl.replace(/\/+$/, '')}/home/calendar`,
    now,
    sessions: await feedSessions(db, feed, now),
  });
}
