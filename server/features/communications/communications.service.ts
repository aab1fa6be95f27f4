import { and, count, eq, gt, sql } from 'drizzle-orm';
import {
  type Communication,
  type CommunicationCreate,
  type CommunicationListQuery,
  type CommunicationListResponse,
  type CommunicationPreview,
  communicationMessages,
} from '../../../contract/communications.schema';
import type { NotificationType } from '../../../contract/notifications.schema';
import type { Db } from '../../db/client';
import { massCommunications } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { fieldError } from '../../lib/app-error';
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
 * A double click (the same sender, kind, title, body, audience and channels within
 * REPEAT_WINDOW_MS) sends once: the sends queue on one advisory lock, and the second
 * finds the first's row and answers it with `repeated: true`.
 */

export const REPEAT_WINDOW_MS = 5 * 60_000;

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
    input: CommunicationCreate,
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
  /** The same communication by the same sender within the window, if any. */
  async function repeatOf(tx: Db, senderId: number, input: CommunicationCreate) {
    const since = new Date(clock.now().getTime() - REPEAT_WINDOW_MS);
    const [row] = await tx
      .select()
      .from(massCommunications)
      .where(
        and(
          eq(massCommunications.senderUserId, senderId),
          eq(massCommunications.kind, input.kind),
          eq(massCommunications.title, input.title),
          eq(massCommunications.body, input.body),
          sql`${massCommunications.audience} = ${JSON.stringify(input.audience)}::jsonb`,
          sql`${massCommunications.channels} = ${`{${input.channels.join(',')}}`}::text[]`,
          gt(massCommunications.createdAt, since),
        ),
      )
      .orderBy(sql`${massCommunications.id} desc`)
      .limit(1);
    return row;
  }

  async function nameOf(userId: number | null) {
    if (userId === null) return null;
    const [row] = await db.select({ name: senderName }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  }

  async function send(senderId: number, input: CommunicationCreate) {
    const type = notificationTypes[input.kind];
    const outcome = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mass-communications'))`);
      const earlier = await repeatOf(tx, senderId, input);
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
        })
        .returning();
      const created = row!;
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
