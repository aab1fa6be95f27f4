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
import type { Db } from '../../db/client';
import { massCommunications } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { AppError, fieldError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { applyList, byName, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import { recordAudit } from '../audit-log/record-audit';
import type { JobQueue } from '../../queue/job-queue';
import { audienceFigures, checkAudience, reachedSql } from './communications.audience';
import type { CommunicationDelivery, CommunicationJob } from './communications.delivery';

/*
 * Comunicaciones Masivas (issue #17). Sending is one transaction: how many it reaches (one
 * count), the history row, the audit row (never the body) and the delivery's job on the
 * `communications` queue (issue #36). The delivery (communications.delivery.ts) writes the
 * in-app notifications and e-mails batch by batch after the commit: the request runs it
 * itself when the audience fits in one batch (the job, due a minute later, then finds it
 * delivered), else answers at once and the queue delivers it on any server.
 *
 * Once only: the browser makes an idempotency key per composed message and keeps it across
 * retries. A key the sender already used answers that communication (`repeated: true`)
 * and sends nothing. Two requests with one key at once both get past the first look; the
 * unique index (sender, key) decides: the loser's insert does nothing (it waits for the
 * winner's commit), reads the winner's row and answers it, so its transaction sends nothing.
 */

/** How long the job of a communication the request delivers itself waits, in seconds. */
const FIRST_ATTEMPT_GRACE_SECONDS = 60;

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
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    sender: row.senderUserId === null ? null : { id: row.senderUserId, name: name ?? '' },
  };
}

export function createCommunicationsService({
  db,
  clock,
  delivery,
  queue,
}: {
  db: Db;
  clock: Clock;
  delivery: CommunicationDelivery;
  /** Absent in API tests without a queue: the request then delivers every communication. */
  queue: JobQueue | undefined;
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
    return { row, repeated: true };
  }

  async function nameOf(userId: number | null) {
    if (userId === null) return null;
    const [row] = await db.select({ name: senderName }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  }

  /** How many people the audience reaches now. */
  async function reachCount(tx: Db, input: CommunicationSend, senderId: number) {
    const [counted] = await tx
      .select({ n: count() })
      .from(users)
      .where(reachedSql(input.audience, senderId));
    return counted?.n ?? 0;
  }

  async function send(senderId: number, input: CommunicationSend) {
    const key = input.idempotency_key;
    const outcome = await db.transaction(async (tx) => {
      const earlier = await sentWith(tx, senderId, key);
      if (earlier) return { row: earlier, repeated: true };
      await checkAudience(tx, input.audience);
      const recipients = await reachCount(tx, input, senderId);
      if (recipients === 0) throw fieldError('audience', communicationMessages.nobody);
      const [row] = await tx
        .insert(massCommunications)
        .values({
          senderUserId: senderId,
          kind: input.kind,
          title: input.title,
          body: input.body,
          audience: input.audience,
          channels: [...input.channels],
          recipients,
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
          recipients,
        },
        at: created.createdAt,
      });
      const job: CommunicationJob = { communicationId: created.id };
      await queue?.send(tx, 'communications', job, {
        startAfter: recipients <= delivery.batchSize ? FIRST_ATTEMPT_GRACE_SECONDS : 0,
      });
      return { row: created, repeated: false };
    });
    let row = outcome.row;
    if (!outcome.repeated && (!queue || row.recipients <= delivery.batchSize)) {
      // With a queue, a failed first attempt is the job's to retry a minute later.
      await delivery.deliver(row.id).catch((error: unknown) => {
        if (!queue) throw error;
      });
      [row = outcome.row] = await db
        .select()
        .from(massCommunications)
        .where(eq(massCommunications.id, row.id));
    }
    return { data: itemOf(row, await nameOf(row.senderUserId)), repeated: outcome.repeated };
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
