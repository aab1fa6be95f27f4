import { and, eq, isNotNull, sql } from 'drizzle-orm';
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
import type { MailOutbox, NewMail } from '../../mail/outbox';
import { rowsOf } from '../../db/rows';

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
  /** false: in the app only, no e-mail whatever the preferences (a mass communication's choice). */
  email?: boolean;
}

/** A created notification (by `notify` or a set-based generator), to e-mail if wanted. */
export interface CreatedNotification {
  userId: number;
  title: string;
  message: string;
  actionUrl: string | null;
  /** The e-mail to send instead of the one the title and message make (a family's reminder). */
  mail?: (to: string) => NewMail;
}

/** The e-mails queued for created notifications; `dispatch()` sends them after commit. */
export interface QueuedMails {
  mails: OutgoingMail[];
  /** Starts the e-mail deliveries; call it once the caller's transaction has committed. */
  dispatch(): void;
}

/** What `notify` did: how many rows it created and, after commit, `dispatch()` sends their e-mails. */
export interface NotifyResult {
  created: number;
  mails: OutgoingMail[];
  /** Starts the e-mail deliveries; call it once the caller's transaction has committed. */
  dispatch(): void;
}

/** User ids as one Postgres array literal (one parameter, however many). */
const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

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
  /** Where e-mails are queued (the demo seed's discards them). */
  outbox: Pick<MailOutbox, 'add' | 'dispatch'>;
  /** The app's address, to turn `actionUrl` into a link in the e-mail. */
  appUrl?: string;
}) {
  const linkTo = (actionUrl: string | null) =>
    actionUrl && appUrl ? new URL(actionUrl, appUrl).toString() : null;
  const mailOf = (to: string, input: Omit<CreatedNotification, 'userId'>): NewMail => {
    if (input.mail) return input.mail(to);
    const link = linkTo(input.actionUrl);
    const lines = [input.message, ...(link ? [`Ábrelo aquí: ${link}`] : [])];
    return {
      to,
      subject: input.title,
      text: lines.join('\n\n'),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    };
  };

  /**
   * Queues with `executor` an e-mail for each created notification of `type` whose person
   * wants that type by e-mail (notification_preferences, else NOTIFICATION_EMAIL_DEFAULTS)
   * and has an address: one query for all of them, then one outbox row each.
   */
  const mailCreated = async (
    executor: Db,
    type: NotificationType,
    created: readonly CreatedNotification[],
  ): Promise<QueuedMails> => {
    if (created.length === 0) return { mails: [], dispatch: () => undefined };
    const wanted = await executor
      .select({ id: users.id, email: users.email })
      .from(users)
      .leftJoin(
        notificationPreferences,
        and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.type, type)),
      )
      .where(
        and(
          sql`${users.id} = any(${idArray([...new Set(created.map((row) => row.userId))])}::int[])`,
          isNotNull(users.email),
          sql`coalesce(${notificationPreferences.email}, ${emailByDefault(type)})`,
        ),
      );
    const addressOf = new Map(wanted.map((row) => [row.id, row.email!]));
    const mails: OutgoingMail[] = [];
    for (const row of [...created].sort((a, b) => a.userId - b.userId)) {
      const to = addressOf.get(row.userId);
      if (to) mails.push(await outbox.add(executor, mailOf(to, row)));
    }
    return { mails, dispatch: () => mails.forEach((mail) => outbox.dispatch(mail)) };
  };

  /**
   * Queues with `executor` one e-mail per row to an address that belongs to no account yet
   * (a guardian's e-mail on a player's file, issue #34): the reminders of the person's
   * notification, whose creation (once per subject and day) keeps it from going twice.
   */
  const mailAddresses = async (
    executor: Db,
    rows: readonly (Omit<CreatedNotification, 'userId'> & { to: string })[],
  ): Promise<QueuedMails> => {
    const mails: OutgoingMail[] = [];
    for (const row of rows) mails.push(await outbox.add(executor, mailOf(row.to, row)));
    return { mails, dispatch: () => mails.forEach((mail) => outbox.dispatch(mail)) };
  };

  return {
    /** E-mails of notifications a set-based generator inserted itself (payment reminders). */
    mailCreated,
    mailAddresses,
    /** The app's address of a screen ('/home/payments'), or null without an app URL. */
    linkTo,
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
      // One statement whatever the audience (a system alert reaches every user): the ids
      // travel as one array parameter, never one parameter per person.
      const created = rowsOf<{ user_id: number }>(
        await executor.execute(sql`insert into ${notifications} (user_id, club_id, type,
            priority, title, message, data, subject, day, created_at)
          select recipient, ${input.clubId}::int, ${input.type}, ${input.priority},
            ${input.title}, ${input.message}, ${JSON.stringify(data)}::jsonb, ${input.subject},
            ${day}::date, ${now.toISOString()}::timestamptz
          from unnest(${idArray(userIds)}::int[]) as recipient
          on conflict (user_id, type, subject, day) do nothing
          returning user_id`),
      ).map((row) => ({ userId: Number(row.user_id) }));
      if (created.length === 0) return none;
      if (input.email === false) return { ...none, created: created.length };
      const queued = await mailCreated(
        executor,
        input.type,
        created.map(({ userId }) => ({ userId, ...input })),
      );
      return { created: created.length, ...queued };
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
