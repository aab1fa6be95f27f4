import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  NOTIFICATION_EMAIL_DEFAULTS,
  type NotificationPriority,
  type NotificationType,
} from '../../../contract/notifications.schema';
import type { Db } from '../../db/client';
import { notificationPreferences, notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import type { Clock } from '../../lib/clock';
import type { OutgoingMail } from '../../mail/mailer';
import type { MailOutbox } from '../../mail/outbox';

/** What every generator (payments, announcements, alerts, the calendar) says once per recipient. */
export interface NotificationInput {
  /** The club it is about; null for a platform-wide one. */
  clubId: number | null;
  type: NotificationType;
  priority: NotificationPriority;
  title: string;
  message: string;
  /** The screen to open ('/home/payments'); null when there is none. */
  actionUrl: string | null;
  /** What it is about, for idempotency: 'announcement:7', 'session:12:changed'. */
  subject: string;
  /** The day it counts for ('YYYY-MM-DD', the club's day); the clock's UTC day if absent. */
  day?: string;
  /** More of the subject's ids for `data` (payment_id, event_id, …). */
  data?: Record<string, unknown>;
}

/** What `notify` did: how many rows it created and, after commit, `dispatch()` sends their e-mails. */
export interface NotifyResult {
  created: number;
  mails: OutgoingMail[];
  /** Starts the e-mail deliveries; call it once the caller's transaction has committed. */
  dispatch(): void;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The types that go by e-mail unless the person said otherwise, as SQL for one type. */
const emailByDefault = (type: NotificationType) =>
  NOTIFICATION_EMAIL_DEFAULTS[type] ? sql`true` : sql`false`;

/**
 * The one way the server tells people something (issue #13): one in-app notification per
 * recipient, at most once per user, type, subject and day (the unique index and ON
 * CONFLICT DO NOTHING: a generator that runs twice creates nothing twice), and an e-mail
 * through the outbox for each created one whose person wants that type by e-mail
 * (notification_preferences, else NOTIFICATION_EMAIL_DEFAULTS) and has an address.
 */
export function createNotifier({
  clock,
  outbox,
  appUrl,
}: {
  db?: Db;
  clock: Clock;
  outbox: MailOutbox;
  /** The app's address, to turn `actionUrl` into a link in the e-mail. */
  appUrl?: string;
}) {
  const mailOf = (to: string, input: NotificationInput) => {
    const link = input.actionUrl && appUrl ? new URL(input.actionUrl, appUrl).toString() : null;
    const lines = [input.message, ...(link ? [`Ábrelo aquí: ${link}`] : [])];
    return {
      to,
      subject: input.title,
      text: lines.join('\n\n'),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    };
  };

  return {
    /**
     * Notifies `recipients` (user ids) with `executor` (the db or the caller's
     * transaction); returns how many were created and their queued e-mails.
     */
    async notify(
      executor: Db,
      recipients: readonly number[],
      input: NotificationInput,
    ): Promise<NotifyResult> {
      const userIds = [...new Set(recipients)];
      const none: NotifyResult = { created: 0, mails: [], dispatch: () => undefined };
      if (userIds.length === 0) return none;
      const now = clock.now();
      const day = input.day ?? now.toISOString().slice(0, 10);
      const data = { ...input.data, ...(input.actionUrl ? { action_url: input.actionUrl } : {}) };
      const created = await executor
        .insert(notifications)
        .values(
          userIds.map((userId) => ({
            userId,
            clubId: input.clubId,
            type: input.type,
            priority: input.priority,
            title: input.title,
            message: input.message,
            data,
            subject: input.subject,
            day,
            createdAt: now,
          })),
        )
        .onConflictDoNothing({
          target: [
            notifications.userId,
            notifications.type,
            notifications.subject,
            notifications.day,
          ],
        })
        .returning({ userId: notifications.userId });
      if (created.length === 0) return none;
      const wanted = await executor
        .select({ email: users.email })
        .from(users)
        .leftJoin(
          notificationPreferences,
          and(
            eq(notificationPreferences.userId, users.id),
            eq(notificationPreferences.type, input.type),
          ),
        )
        .where(
          and(
            inArray(
              users.id,
              created.map((row) => row.userId),
            ),
            isNotNull(users.email),
            sql`coalesce(${notificationPreferences.email}, ${emailByDefault(input.type)})`,
          ),
        )
        .orderBy(users.id);
      const mails: OutgoingMail[] = [];
      for (const { email } of wanted) mails.push(await outbox.add(executor, mailOf(email!, input)));
      return {
        created: created.length,
        mails,
        dispatch: () => mails.forEach((mail) => outbox.dispatch(mail)),
      };
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
