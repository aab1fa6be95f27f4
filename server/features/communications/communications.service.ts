import { and, count, eq, sql } from 'drizzle-orm';
import {
  type Communication,
  type CommunicationCreate,
  type CommunicationListQuery,
  type CommunicationListResponse,
  type CommunicationPreview,
  type CommunicationSend,
  communicationMessages,
} from '../../../contract/communications.schema';
import type { NotificationType } from '../../../contract/notifications.schema';
import type { Db } from '../../db/client';
import { massCommunications } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { AppError, fieldError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { applyList, byName, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import { recordAudit } from '../audit-log/record-audit';
import type { Notifier } from '../notifications/notify';
import { audienceFigures, audienceIds, checkAudience } from './communications.audience';

/*
 * Comunicaciones Masivas (issue #17). Sending is one transaction: who it reaches (one
 * query), the history row, the in-app notifications through the notifications module's
 * `notify` (one INSERT … SELECT over the ids, subject 'communication:<id>'), the
 * e-mails through its `mailCreated` (by each person's preference for the type, the
 * outbox rows in the same transaction) and the audit row (never the body); the e-mails
 * leave after the commit.
 *
 * Once only: the browser makes an idempotency key per composed message and keeps it across
 * retries. A key the sender already used answers that communication (`repeated: true`)
 * and sends nothing. Two requests with one key at once both get past the first look; the
 * unique index (sender, key) decides: the loser's insert does nothing (it waits for the
 * winner's commit), reads the winner's row and answers it, so its transaction sends nothing.
 */

/** The notification type each kind is written as (and its e-mail preference). */
const notificationTypes: Record<CommunicationCreate['kind'], NotificationType> = {
  announcement: 'club_announcement',
  system_alert: 'system_alert',
};
const priorities = { announcement: 'medium', system_alert: 'high' } as const;
const ACTION_URL = '/home/dashboard';

type Row = typeof massCommunications.$inferSelect;

export interface CommunicationsService {
  preview(senderId: number, input: CommunicationCreate): Promise<CommunicationPreview>;
  send(
    senderId: number,
    input: CommunicationSend,
  ): Promise<{ data: Communication; repeated: boolean }>;
  list(query: CommunicationListQuery): Promise<CommunicationListResponse>;
}

const senderName = sql<string | null>`trim(${users.name} || ' ' || ${users.lastname})`;

function itemOf(row: Row, name: string | null): Communication {
  return {
    id: row.id,
    kind: row.kind as Communication['kind'],
    title: row.title,
    body: row.body,
    audience: row.audience as Communication['audience'],
    channels: row.channels as Communication['channels'],
    recipients: row.recipients,
    created_at: row.createdAt.toISOString(),
    sender: row.senderUserId === null ? null : { id: row.senderUserId, name: name ?? '' },
  };
}

export function createCommunicationsService({
  db,
  clock,
  notifier,
}: {
  db: Db;
  clock: Clock;
  notifier: Notifier;
}): CommunicationsService {
  /** The communication the sender already sent with this key, if any. */
  async function sentWith(tx: Db, senderId: number, key: string) {
    const [row] = await tx
      .select()
      .from(massCommunications)
      .where(
        and(
          eq(massCommunications.senderUserId, senderId),
          eq(massCommunications.idempotencyKey, key),
        ),
      );
    return row;
  }

  /** The winner's row, for a request whose insert lost the race on the same key. */
  async function winnerOf(tx: Db, senderId: number, key: string) {
    const row = await sentWith(tx, senderId, key);
    // Only if the winner's sender was deleted in between (the key's row lost its sender).
    if (!row) throw new AppError(409, communicationMessages.keyLost);
    return { row, repeated: true, dispatch: () => undefined };
  }

  async function nameOf(userId: number | null) {
    if (userId === null) return null;
    const [row] = await db.select({ name: senderName }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  }

  async function send(senderId: number, input: CommunicationSend) {
    const type = notificationTypes[input.kind];
    const key = input.idempotency_key;
    const outcome = await db.transaction(async (tx) => {
      const earlier = await sentWith(tx, senderId, key);
      if (earlier) return { row: earlier, repeated: true, dispatch: () => undefined };
      await checkAudience(tx, input.audience);
      const recipients = await audienceIds(tx, input.audience, senderId);
      if (recipients.length === 0) throw fieldError('audience', communicationMessages.nobody);
      const [row] = await tx
        .insert(massCommunications)
        .values({
          senderUserId: senderId,
          kind: input.kind,
          title: input.title,
          body: input.body,
          audience: input.audience,
          channels: [...input.channels],
          recipients: recipients.length,
          createdAt: clock.now(),
          idempotencyKey: key,
        })
        .onConflictDoNothing({
          target: [massCommunications.senderUserId, massCommunications.idempotencyKey],
        })
        .returning();
      if (!row) return winnerOf(tx, senderId, key);
      const created = row;
      // Flat details ('audience', then 'role' or 'club_ids') read well in the audit grid.
      const { kind: audience, ...chosen } = input.audience;
      await recordAudit(tx, {
        actorUserId: senderId,
        action: 'communication.sent',
        targetType: 'communication',
        targetId: created.id,
        details: {
          kind: input.kind,
          title: input.title,
          audience,
          ...chosen,
          channels: input.channels,
          recipients: recipients.length,
        },
        at: created.createdAt,
      });
      const byEmail = input.channels.includes('email');
      const notice = { title: input.title, message: input.body, actionUrl: ACTION_URL };
      const queued = input.channels.includes('in_app')
        ? await notifier.notify(tx, recipients, {
            ...notice,
            clubId: null,
            type,
            priority: priorities[input.kind],
            subject: `communication:${created.id}`,
            data: { communication_id: created.id },
            email: byEmail,
          })
        : await notifier.mailCreated(
            tx,
            type,
            recipients.map((userId) => ({ userId, ...notice })),
          );
      return { row: created, repeated: false, dispatch: queued.dispatch };
    });
    outcome.dispatch();
    return {
      data: itemOf(outcome.row, await nameOf(outcome.row.senderUserId)),
      repeated: outcome.repeated,
    };
  }

  async function list(query: CommunicationListQuery): Promise<CommunicationListResponse> {
    const m = massCommunications;
    const clauses = listClauses(query, {
      sortKeys: {
        created_at: [m.createdAt, m.id],
        recipients: [m.recipients, m.id],
        title: [byName(m.title), m.id],
      },
      searchColumns: [m.title, m.body],
      id: m.id,
    });
    const rows = await applyList(
      db
        .select({ row: m, senderName, total: totalCount() })
        .from(m)
        .leftJoin(users, eq(users.id, m.senderUserId))
        .$dynamic(),
      clauses,
    );
    const { rows: found, total } = await pageWithTotal(rows, clauses, async () => {
      const [counted] = await db.select({ n: count() }).from(m).where(clauses.where);
      return counted?.n ?? 0;
    });
    return {
      success: true,
      data: found.map(({ row, senderName: name }) => itemOf(row, name)),
      total,
    };
  }

  return {
    preview: (senderId, input) => audienceFigures(db, input.audience, senderId),
    send,
    list,
  };
}
