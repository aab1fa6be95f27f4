import {
  type Placeholder,
  type SQL,
  and,
  count,
  desc,
  eq,
  inArray,
  isNull,
  or,
  sql,
} from 'drizzle-orm';
import {
  type NotificationItem,
  type NotificationListQuery,
  type NotificationStats,
  timeAgo,
} from '../../../contract/notifications.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { notifications } from '../../db/schema/notifications';

/*
 * The SQL of the notification centre. Every statement is keyed by the user first, so it
 * reads the user's own rows through notifications_user_list_idx or, for the unread count,
 * the partial notifications_user_unread_idx (user_id, club_id) WHERE read_at IS NULL AND
 * archived_at IS NULL — the count's WHERE repeats that predicate word for word so the
 * planner can use it, and never scans the user's whole history.
 */

/** Whose notifications and from which club: `clubId` null means platform-wide ones only. */
export interface NotificationScope {
  userId: number;
  clubId: number | null;
}

/** A scope as a prepared statement's parameters ('userId', 'clubId': null is fine there). */
type ScopeSql = { [K in keyof NotificationScope]: NotificationScope[K] | Placeholder };
const scopeParams: ScopeSql = {
  userId: sql.placeholder('userId'),
  clubId: sql.placeholder('clubId'),
};

/**
 * The working club's notifications plus the platform-wide ones (club_id null). With a
 * null parameter `club_id = null` is never true, so one prepared shape serves both.
 */
const inClub = (clubId: number | null | Placeholder): SQL =>
  clubId === null
    ? isNull(notifications.clubId)
    : (or(eq(notifications.clubId, clubId), isNull(notifications.clubId)) as SQL);

/** The user's listed notifications: in scope and not archived. */
export const listed = ({ userId, clubId }: ScopeSql): SQL =>
  and(eq(notifications.userId, userId), isNull(notifications.archivedAt), inClub(clubId)) as SQL;

/** Unread and listed: the exact predicate of notifications_user_unread_idx plus the keys. */
export const unreadListed = (scope: ScopeSql): SQL =>
  and(
    eq(notifications.userId, scope.userId),
    isNull(notifications.readAt),
    isNull(notifications.archivedAt),
    inClub(scope.clubId),
  ) as SQL;

const itemColumns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  type: notifications.type,
  priority: notifications.priority,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  data: notifications.data,
  clubName: clubs.name,
  clubTimeZone: clubs.timezone,
};

type ItemRow = {
  [K in keyof typeof itemColumns]: (typeof itemColumns)[K]['_']['data'] | null;
};

const isoOf = (value: Date | string): string => new Date(value).toISOString();

/**
 * A row as the centre shows it, `time_ago` from `now` (the injected clock); an older one's
 * day in its club's zone (a platform-wide one's in Bogotá's).
 */
export function itemOf(row: ItemRow, now: Date): NotificationItem {
  const createdAt = new Date(row.createdAt as Date);
  const readAt = row.readAt ? isoOf(row.readAt) : null;
  return {
    id: row.id as number,
    title: row.title as string,
    message: row.message as string,
    type: row.type as NotificationItem['type'],
    priority: row.priority as NotificationItem['priority'],
    status: readAt ? 'read' : 'unread',
    read_at: readAt,
    created_at: createdAt.toISOString(),
    club: row.clubName ? { name: row.clubName } : null,
    is_read: readAt !== null,
    time_ago: timeAgo(createdAt, now, row.clubTimeZone ?? undefined),
    club_name: row.clubName ?? null,
    data: row.data ?? {},
  };
}

/** The newest listed notifications matching the filters, at most `limit`. */
export function selectItems(
  db: Db,
  scope: NotificationScope,
  filters: Partial<Omit<NotificationListQuery, 'limit'>> & { limit: number },
): Promise<ItemRow[]> {
  const conditions = [listed(scope)];
  if (filters.status === 'unread') conditions.push(isNull(notifications.readAt));
  if (filters.status === 'read') conditions.push(sql`${notifications.readAt} is not null`);
  if (filters.type) conditions.push(eq(notifications.type, filters.type));
  if (filters.priority) conditions.push(eq(notifications.priority, filters.priority));
  if (filters.before !== undefined) {
    // The next page: after the one named, in the list's order (newest first, then by id).
    conditions.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (select b.created_at, b.id from ${notifications} b where b.id = ${filters.before} and b.user_id = ${scope.userId})`,
    );
  }
  return db
    .select(itemColumns)
    .from(notifications)
    .leftJoin(clubs, eq(clubs.id, notifications.clubId))
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(filters.limit);
}

/** One of the user's notifications (any club, not archived), or undefined. */
export async function selectItem(db: Db, userId: number, id: number): Promise<ItemRow | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(notifications)
    .leftJoin(clubs, eq(clubs.id, notifications.clubId))
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.userId, userId),
        isNull(notifications.archivedAt),
      ),
    );
  return row;
}

/** The unread count's statement (its plan is checked in the tests: the partial index). */
export const countUnreadQuery = (db: Db, scope: ScopeSql) =>
  db.select({ count: count() }).from(notifications).where(unreadListed(scope));

/**
 * The bell's two statements, polled every 30 s by every signed-in browser, prepared once
 * per database (planned once per connection): the unread count, and the newest listed
 * notifications each carrying that count (a scalar subquery: one round trip).
 */
function prepareBell(db: Db) {
  const unread = countUnreadQuery(db, scopeParams);
  return {
    unread: unread.prepare('notifications_unread_count'),
    latest: db
      .select({ ...itemColumns, unread: sql<number>`(${unread})`.mapWith(Number) })
      .from(notifications)
      .leftJoin(clubs, eq(clubs.id, notifications.clubId))
      .where(listed(scopeParams))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare('notifications_latest'),
  };
}
const bells = new WeakMap<Db, ReturnType<typeof prepareBell>>();
const bellOf = (db: Db) => {
  let bell = bells.get(db);
  if (!bell) bells.set(db, (bell = prepareBell(db)));
  return bell;
};

/** How many listed notifications are unread (reads the partial index only). */
export async function countUnread(db: Db, scope: NotificationScope): Promise<number> {
  const [row] = await bellOf(db).unread.execute({ ...scope });
  return row?.count ?? 0;
}

/** The newest `limit` listed notifications and how many listed ones are unread. */
export async function selectLatest(db: Db, scope: NotificationScope, limit: number) {
  const rows = await bellOf(db).latest.execute({ ...scope, limit });
  // No listed notification at all: none unread either.
  return { rows, unread: rows[0]?.unread ?? 0 };
}

/** The centre's tiles in one pass over the user's listed rows. */
export async function selectStats(
  db: Db,
  scope: NotificationScope,
  now: Date,
): Promise<NotificationStats> {
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const urgent = inArray(notifications.priority, ['urgent', 'high']);
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      highPriority: sql<number>`count(*) filter (where ${notifications.readAt} is null
        and ${urgent})`.mapWith(Number),
      recent:
        sql<number>`count(*) filter (where ${notifications.createdAt} >= ${since}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(notifications)
    .where(listed(scope));
  return {
    total: row?.total ?? 0,
    unread: row?.unread ?? 0,
    high_priority: row?.highPriority ?? 0,
    recent: row?.recent ?? 0,
  };
}
