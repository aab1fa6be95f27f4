import type { AnnouncementRole } from '../../../contract/announcements.schema';
import { ANNOUNCEMENT_DEFAULT_URL } from '../../../contract/announcements.schema';
import type { NotificationPriority } from '../../../contract/notifications.schema';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { announcements } from '../../db/schema/announcements';
import type { Notifier } from '../notifications/notify';
import { alertAudience, clubAudience } from './announcements.audience';

/*
 * Sending an announcement or an alert (issue #13 item 2), in one transaction: who it
 * reaches, the `announcements` row (the message once, with its audience and reach) and one
 * notification per recipient through `notify` (subject 'announcement:<id>', so a
 * recipient gets each announcement once; two announcements are two subjects), their
 * e-mails queued by preference. The caller calls `dispatch()` once it has returned.
 * The routes use it, and so does the demo seed.
 */

export interface AnnounceInput {
  kind: 'club_announcement' | 'system_alert';
  /** The club; null only for a system alert to every active user. */
  clubId: number | null;
  senderId: number;
  title: string;
  message: string;
  priority: NotificationPriority;
  /** The screen to open; null: the dashboard. */
  actionUrl: string | null;
  /** A club announcement's audience: roles (empty: all) and categories (empty: all). */
  roles?: readonly AnnouncementRole[];
  categoryIds?: readonly number[];
}

export type AnnouncementRow = typeof announcements.$inferSelect;

export interface Announced {
  announcement: AnnouncementRow;
  /** Sends the queued e-mails; call it after `announce` resolved (the transaction committed). */
  dispatch(): void;
}

export interface AnnounceDeps {
  db: Db;
  clock: Clock;
  /** `createNotifier({ clock, outbox, appUrl })`: writes the notifications and e-mails. */
  notifier: Notifier;
}

/** Sends one announcement or alert; 422 (or 404 on club_id) when it reaches nobody. */
export async function announce(
  { db, clock, notifier }: AnnounceDeps,
  input: AnnounceInput,
): Promise<Announced> {
  const roles = input.roles ?? [];
  const categoryIds = input.categoryIds ?? [];
  if (input.kind === 'club_announcement' && input.clubId === null) {
    throw new Error('a club announcement needs a club');
  }
  const { announcement, result } = await db.transaction(async (tx) => {
    const recipients =
      input.kind === 'club_announcement'
        ? await clubAudience(tx, {
            clubId: input.clubId!,
            senderId: input.senderId,
            roles,
            categoryIds,
          })
        : await alertAudience(tx, input.clubId, input.senderId);
    const [row] = await tx
      .insert(announcements)
      .values({
        clubId: input.clubId,
        kind: input.kind,
        priority: input.priority,
        title: input.title,
        message: input.message,
        audienceRoles: [...new Set(roles)],
        categoryIds: [...new Set(categoryIds)],
        actionUrl: input.actionUrl,
        createdBy: input.senderId,
        recipients: recipients.length,
        createdAt: clock.now(),
      })
      .returning();
    const created = row!;
    const notified = await notifier.notify(tx, recipients, {
      clubId: input.clubId,
      type: input.kind,
      priority: input.priority,
      title: input.title,
      message: input.message,
      actionUrl: input.actionUrl ?? ANNOUNCEMENT_DEFAULT_URL,
      subject: `announcement:${created.id}`,
      data: { announcement_id: created.id },
    });
    return { announcement: created, result: notified };
  });
  return { announcement, dispatch: result.dispatch };
}
