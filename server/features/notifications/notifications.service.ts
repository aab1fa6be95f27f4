import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  NOTIFICATION_EMAIL_DEFAULTS,
  NOTIFICATION_TYPES,
  type NotificationItem,
  type NotificationListQuery,
  type NotificationPreferencesRequest,
  type NotificationStats,
  type NotificationType,
  notificationMessages,
} from '../../../contract/notifications.schema';
import type { Db } from '../../db/client';
import { notificationPreferences, notifications } from '../../db/schema/notifications';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  type NotificationScope,
  countUnread,
  itemOf,
  selectItem,
  selectItems,
  selectLatest,
  selectStats,
  unreadListed,
} from './notifications.queries';

/** Who asks: the user and their working club (the routes' session resolves it). */
export type NotificationCaller = NotificationScope;

const notFound = () => new AppError(404, notificationMessages.notFound);

/** Every type's e-mail choice: the stored ones over the defaults. */
export async function emailChoices(
  db: Db,
  userId: number,
): Promise<Record<NotificationType, boolean>> {
  const rows = await db
    .select({ type: notificationPreferences.type, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const choices = { ...NOTIFICATION_EMAIL_DEFAULTS };
  for (const row of rows) choices[row.type] = row.email;
  return choices;
}

/**
 * The user's notification centre (SPEC §2, §7). Lists and counts cover the working club
 * (server/auth/working-club.ts) plus platform-wide notifications; the actions on one
 * notification reach any of the user's own (another user's id and an unknown id are the
 * same 404, so ids reveal nothing).
 */
export function createNotificationsService({ db, clock }: { db: Db; clock: Clock }) {
  const list = async (
    caller: NotificationCaller,
    query: NotificationListQuery,
  ): Promise<NotificationItem[]> => {
    const rows = await selectItems(db, caller, query);
    const now = clock.now();
    return rows.map((row) => itemOf(row, now));
  };

  const one = async (userId: number, id: number): Promise<NotificationItem> => {
    const row = await selectItem(db, userId, id);
    if (!row) throw notFound();
    return itemOf(row, clock.now());
  };

  return {
    list,

    async stats(caller: NotificationCaller): Promise<NotificationStats> {
      return selectStats(db, caller, clock.now());
    },

    async dropdown(caller: NotificationCaller, limit: number) {
      const { rows, unread } = await selectLatest(db, caller, limit);
      const now = clock.now();
      return { data: rows.map((row) => itemOf(row, now)), unread_count: unread };
    },

    async unreadCount(caller: NotificationCaller): Promise<number> {
      return countUnread(db, caller);
    },

    /** Marks it read; `read_at` keeps the first reading (idempotent). */
    async markRead(userId: number, id: number): Promise<NotificationItem> {
      await db
        .update(notifications)
        .set({
          readAt: sql`coalesce(${notifications.readAt}, ${clock.now().toISOString()}::timestamptz)`,
        })
        .where(
          and(
            eq(notifications.id, id),
            eq(notifications.userId, userId),
            isNull(notifications.archivedAt),
          ),
        );
      return one(userId, id);
    },

    /** Marks every listed unread notification read; how many changed. */
    async markAllRead(caller: NotificationCaller): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(unreadListed(caller))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** Takes it out of every list and count; archiving twice is the same. */
    async archive(userId: number, id: number): Promise<{ id: number }> {
      const rows = await db
        .update(notifications)
        .set({
          archivedAt: sql`coalesce(${notifications.archivedAt}, ${clock.now().toISOString()}::timestamptz)`,
        })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      if (rows.length === 0) throw notFound();
      return { id };
    },

    /** Deletes it for good (a notification is not money). */
    async remove(userId: number, id: number): Promise<{ id: number }> {
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      if (rows.length === 0) throw notFound();
      return { id };
    },

    preferences: (userId: number) => emailChoices(db, userId),

    /** Stores the given types' choices (the others keep theirs); every type's choice. */
    async setPreferences(userId: number, body: NotificationPreferencesRequest) {
      const values = NOTIFICATION_TYPES.filter((type) => body.email[type] !== undefined).map(
        (type) => ({ userId, type, email: body.email[type]!, updatedAt: clock.now() }),
      );
      if (values.length > 0) {
        await db
          .insert(notificationPreferences)
          .values(values)
          .onConflictDoUpdate({
            target: [notificationPreferences.userId, notificationPreferences.type],
            set: { email: sql`excluded.email`, updatedAt: sql`excluded.updated_at` },
          });
      }
      return emailChoices(db, userId);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
