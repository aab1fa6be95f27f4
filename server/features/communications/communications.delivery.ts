import { and, asc, eq, gt } from 'drizzle-orm';
import type {
  CommunicationAudience,
  CommunicationCreate,
} from '../../../contract/communications.schema';
import type { NotificationType } from '../../../contract/notifications.schema';
import type { Db } from '../../db/client';
import { massCommunications } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import type { Clock } from '../../lib/clock';
import type { Notifier } from '../notifications/notify';
import { reachedSql } from './communications.audience';

/*
 * The delivery of a mass communication (issue #36 item 2): its in-app notifications and
 * e-mails, written batch by batch on the `communications` queue, so that a platform-wide
 * message to 300,000 people neither holds a request nor dies with its server.
 *
 * Exactly once: each batch is one transaction that locks the communication's row, reads its
 * cursor (`reached_up_to`, the highest user id reached), notifies or mails the next
 * COMMUNICATION_BATCH recipients above it in ascending id, and moves the cursor. A server
 * killed mid-batch rolls the batch back with its cursor; whoever runs the job next (the
 * queue's retry, another server) starts from the last committed batch. Two runs at once
 * queue on the lock and the second finds the batch done. The e-mails are outbox rows and
 * `mail` jobs of the same transaction (server/mail/outbox.ts): sent after its commit,
 * retried until delivered.
 */

/** Recipients per transaction: their notifications, outbox rows and mail jobs. */
export const COMMUNICATION_BATCH = 1_000;

/** The notification type each kind is written as (and its e-mail preference). */
export const notificationTypes: Record<CommunicationCreate['kind'], NotificationType> = {
  announcement: 'club_announcement',
  system_alert: 'system_alert',
};
const priorities = { announcement: 'medium', system_alert: 'high' } as const;
const ACTION_URL = '/home/dashboard';

/** The job of the `communications` queue: deliver this communication. */
export interface CommunicationJob {
  communicationId: number;
}

export function createCommunicationDelivery({
  db,
  clock,
  notifier,
  batchSize = COMMUNICATION_BATCH,
}: {
  db: Db;
  clock: Clock;
  notifier: Notifier;
  /** Recipients per transaction (tests make it small). */
  batchSize?: number;
}) {
  /**
   * Delivers the next batch in one transaction; answers whether recipients were left
   * before it (false: already delivered, or gone) and, after the commit, sends its e-mails.
   */
  async function deliverBatch(id: number): Promise<boolean> {
    const step = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(massCommunications)
        .where(eq(massCommunications.id, id))
        .for('update');
      if (!row || row.deliveredAt) return { more: false, dispatch: () => undefined };
      const audience = row.audience as CommunicationAudience;
      // A sender deleted since (the row keeps no sender) was never among the recipients.
      const recipients = (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(and(reachedSql(audience, row.senderUserId ?? 0), gt(users.id, row.reachedUpTo)))
          .orderBy(asc(users.id))
          .limit(batchSize)
      ).map((user) => user.id);
      const last = recipients.at(-1);
      const done = recipients.length < batchSize;
      await tx
        .update(massCommunications)
        .set({
          reachedUpTo: last ?? row.reachedUpTo,
          ...(done ? { deliveredAt: clock.now() } : {}),
        })
        .where(eq(massCommunications.id, id));
      if (recipients.length === 0) return { more: false, dispatch: () => undefined };
      const kind = row.kind as CommunicationCreate['kind'];
      const type = notificationTypes[kind];
      const byEmail = row.channels.includes('email');
      const notice = { title: row.title, message: row.body, actionUrl: ACTION_URL };
      const queued = row.channels.includes('in_app')
        ? await notifier.notify(tx, recipients, {
            ...notice,
            clubId: null,
            type,
            priority: priorities[kind],
            subject: `communication:${row.id}`,
            day: row.createdAt.toISOString().slice(0, 10),
            data: { communication_id: row.id },
            email: byEmail,
          })
        : await notifier.mailCreated(
            tx,
            type,
            recipients.map((userId) => ({ userId, ...notice })),
          );
      return { more: !done, dispatch: queued.dispatch };
    });
    step.dispatch();
    return step.more;
  }

  return {
    batchSize,
    /** Delivers what is left of communication `id`, batch after batch (the job's work). */
    async deliver(id: number): Promise<void> {
      while (await deliverBatch(id));
    },
  };
}

export type CommunicationDelivery = ReturnType<typeof createCommunicationDelivery>;
