import { and, eq, isNull } from 'drizzle-orm';
import {
  type ClubLinkRequest,
  type IncomingLinkRequest,
  type LinkRequestAnswerResponse,
  type LinkRequestKind,
  linkRequestMessages,
} from '../../../contract/link-requests.schema';
import type { Db } from '../../db/client';
import { linkRequestTokens, linkRequests } from '../../db/schema/link-requests';
import { assertClubDoorsOpen } from '../../auth/club-doors';
import { AppError } from '../../lib/app-error';
import { hashSecretToken } from '../../lib/secret-token';
import { type Answer, answerLinkRequest } from './link-request.answer';
import type { LinkRequestDeps } from './link-request.create';
import {
  clubRequestById,
  incomingRows,
  listClubRequests,
  toIncoming,
} from './link-request.queries';
import { mayAnswerFor } from './link-request.recipients';

export interface LinkRequestsService {
  /** The club's requests of `kinds` (what the caller may see), newest first. */
  listForClub(clubId: number, kinds: LinkRequestKind[]): Promise<ClubLinkRequest[]>;
  /** The club withdraws a pending request of one of `kinds`; 404 otherwise, 409 when answered. */
  cancel(clubId: number, requestId: number, kinds: LinkRequestKind[]): Promise<ClubLinkRequest>;
  /** The pending requests the signed-in user may answer. */
  listMine(userId: number): Promise<IncomingLinkRequest[]>;
  answerMine(userId: number, requestId: number, answer: Answer): Promise<LinkRequestAnswerResponse>;
  getByToken(token: string): Promise<IncomingLinkRequest>;
  answerByToken(token: string, answer: Answer): Promise<LinkRequestAnswerResponse>;
}

const notFound = () => new AppError(404, linkRequestMessages.notFound);

/** Link requests (issue #33 item 1): the club's side and the recipient's side. */
export function createLinkRequestsService(deps: LinkRequestDeps & { db: Db }): LinkRequestsService {
  const { db, clock } = deps;

  return {
    listForClub: (clubId, kinds) => listClubRequests(db, clubId, kinds, clock.now()),

    async cancel(clubId, requestId, kinds) {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const [request] = await tx
          .select({ kind: linkRequests.kind, status: linkRequests.status })
          .from(linkRequests)
          .where(and(eq(linkRequests.id, requestId), eq(linkRequests.clubId, clubId)))
          .for('update');
        if (!request || !kinds.includes(request.kind)) throw notFound();
        if (request.status !== 'pending') throw new AppError(409, linkRequestMessages.notPending);
        await tx
          .update(linkRequests)
          .set({ status: 'cancelled', decidedAt: now })
          .where(eq(linkRequests.id, requestId));
        await tx
          .update(linkRequestTokens)
          .set({ usedAt: now })
          .where(and(eq(linkRequestTokens.requestId, requestId), isNull(linkRequestTokens.usedAt)));
        return clubRequestById(tx, clubId, requestId, now);
      });
    },

    async listMine(userId) {
      const now = clock.now();
      const rows = await incomingRows(db, userId, now);
      const mine = [];
      for (const row of rows) {
        if (await mayAnswerFor(db, userId, row.personId, now)) mine.push(toIncoming(row, userId));
      }
      return mine;
    },

    answerMine: (userId, requestId, answer) =>
      answerLinkRequest(db, deps, { userId }, answer, requestId),

    async getByToken(token) {
      const now = clock.now();
      const [found] = await db
        .select({
          requestId: linkRequestTokens.requestId,
          recipientId: linkRequestTokens.recipientId,
          clubId: linkRequests.clubId,
        })
        .from(linkRequestTokens)
        .innerJoin(linkRequests, eq(linkRequests.id, linkRequestTokens.requestId))
        .where(
          and(
            eq(linkRequestTokens.tokenHash, hashSecretToken(token)),
            isNull(linkRequestTokens.usedAt),
          ),
        );
      if (!found) throw notFound();
      // A suspended club's link answers like an unknown one (server/auth/club-doors.ts).
      await assertClubDoorsOpen(db, found.clubId, notFound());
      const [row] = await incomingRows(db, null, now, found.requestId);
      if (!row) throw new AppError(409, linkRequestMessages.notPending);
      return toIncoming(row, found.recipientId ?? row.personId);
    },

    answerByToken: (token, answer) => answerLinkRequest(db, deps, { token }, answer),
  };
}
