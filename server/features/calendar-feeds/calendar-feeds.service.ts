import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  CALENDAR_FEED_PATH,
  type CalendarFeed,
  type CalendarFeedCreate,
  type CalendarFeedCreated,
  calendarFeedMessages as m,
} from '../../../contract/calendar-feeds.schema';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { calendarFeeds } from '../../db/schema/sessions';
import { AppError, fieldError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hashSecretToken } from '../../lib/secret-token';
import type { SessionAccess } from '../sessions/session-scope';
import { feedIcs } from './calendar-feeds.reader';

/*
 * Calendar feeds (issue #14): each person makes, lists and revokes their own secret ICS
 * URLs in a club. A feed's token is 32 random bytes in base64url, handed out once in the
 * create answer; only its sha256 is stored (a database leak opens no calendar). The
 * public read is calendar-feeds.reader.ts.
 */

/** Who acts, in which club. */
export interface FeedOwner {
  clubId: number;
  userId: number;
}

/** `<app url>/api/calendar-feeds/<token>.ics` and the same as `webcal://`. */
export function feedUrls(appUrl: string, token: string) {
  const url = `${appUrl.replace(/\/+$/, '')}${CALENDAR_FEED_PATH}${token}.ics`;
  return { url, webcal_url: url.replace(/^https?:\/\//, 'webcal://') };
}

export type CalendarFeedsService = ReturnType<typeof createCalendarFeedsService>;

export function createCalendarFeedsService({
  db,
  clock,
  appUrl,
}: {
  db: Db;
  clock: Clock;
  appUrl: string;
}) {
  /** The category's name if it is the club's and the caller sees it; else 422 on category_id. */
  async function visibleCategory(clubId: number, categoryId: number, access: SessionAccess) {
    const [row] = await db
      .select({ name: categories.name })
      .from(categories)
      .where(
        and(
          eq(categories.id, categoryId),
          eq(categories.clubId, clubId),
          access.visible(categories.id),
        ),
      );
    if (!row) throw fieldError('category_id', m.unknownCategory);
    return row.name;
  }

  return {
    /** A new feed of the caller's; its URL appears only in this answer. */
    async create(
      { clubId, userId }: FeedOwner,
      body: CalendarFeedCreate,
      access: SessionAccess,
    ): Promise<CalendarFeedCreated> {
      const categoryId = body.kind === 'category' ? body.category_id : null;
      const categoryName =
        categoryId === null ? null : await visibleCategory(clubId, categoryId, access);
      const token = randomBytes(32).toString('base64url');
      const [feed] = await db
        .insert(calendarFeeds)
        .values({
          clubId,
          kind: body.kind,
          categoryId,
          userId,
          tokenHash: hashSecretToken(token),
          createdAt: clock.now(),
        })
        .returning({ id: calendarFeeds.id, createdAt: calendarFeeds.createdAt });
      return {
        id: feed!.id,
        kind: body.kind,
        category_id: categoryId,
        category_name: categoryName,
        ...feedUrls(appUrl, token),
        created_at: feed!.createdAt.toISOString(),
      };
    },

    /** The caller's feeds in the club, newest first (never a URL). */
    async list({ clubId, userId }: FeedOwner): Promise<CalendarFeed[]> {
      const rows = await db
        .select({
          id: calendarFeeds.id,
          kind: calendarFeeds.kind,
          categoryId: calendarFeeds.categoryId,
          categoryName: categories.name,
          createdAt: calendarFeeds.createdAt,
          revokedAt: calendarFeeds.revokedAt,
        })
        .from(calendarFeeds)
        .leftJoin(categories, eq(categories.id, calendarFeeds.categoryId))
        .where(and(eq(calendarFeeds.clubId, clubId), eq(calendarFeeds.userId, userId)))
        .orderBy(desc(calendarFeeds.createdAt), desc(calendarFeeds.id));
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        category_id: row.categoryId,
        category_name: row.categoryName,
        created_at: row.createdAt.toISOString(),
        revoked_at: row.revokedAt?.toISOString() ?? null,
      }));
    },

    /** Revokes one of the caller's feeds (again: nothing changes); another's is a 404. */
    async revoke({ clubId, userId }: FeedOwner, feedId: number): Promise<void> {
      const mine = and(
        eq(calendarFeeds.id, feedId),
        eq(calendarFeeds.clubId, clubId),
        eq(calendarFeeds.userId, userId),
      );
      const [feed] = await db.select({ id: calendarFeeds.id }).from(calendarFeeds).where(mine);
      if (!feed) throw new AppError(404, m.feedNotFound);
      await db
        .update(calendarFeeds)
        .set({ revokedAt: clock.now() })
        .where(and(mine, isNull(calendarFeeds.revokedAt)));
    },

    /** The calendar behind a public token; 404 'Calendario no encontrado' for anything else. */
    read: (token: string) => feedIcs(db, { clock, appUrl }, token),
  };
}
