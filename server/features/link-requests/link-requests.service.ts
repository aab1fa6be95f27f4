import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ClubLinkRequest,
  type IncomingLinkRequest,
  type LinkRequestAnswerResponse,
  type LinkRequestKind,
  type linkRequestAcceptRequestSchema,
  linkRequestMessages,
  linkRequestPasswordSchema,
} from '../../../contract/link-requests.schema';
import { DATA_POLICY_VERSION } from '../../../contract/parents.schema';
import { personalPasswordReason } from '../../../contract/passwords';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { linkRequestTokens, linkRequests } from '../../db/schema/link-requests';
import { users } from '../../db/schema/users';
import { assertClubDoorsOpen } from '../../auth/club-doors';
import { AppError, conflictOn } from '../../lib/app-error';
import { hashSecretToken } from '../../lib/secret-token';
import type { ConsentOrigin } from '../parents/guardian-registration';
import { type Answer, answerLinkRequest } from './link-request.answer';
import type { LinkRequestDeps } from './link-request.create';
import {
  clubRequestById,
  incomingRows,
  listClubRequests,
  toIncoming,
} from './link-request.queries';
import { mayAnswerFor } from './link-request.recipients';

type AcceptBody = z.output<typeof linkRequestAcceptRequestSchema>;

/** How an answer arrived: the accept body (ignored by a decline) and where from. */
export interface AnswerInput {
  body: AcceptBody;
  origin: ConsentOrigin;
}

/**
 * The acceptor must tick the club's data-processing authorisation (422 on
 * `accept_data_policy`) of the version the page showed (409 on `data_policy_version`).
 */
function assertConsent(body: AcceptBody) {
  if (body.accept_data_policy !== true) {
    throw new AppError(422, linkRequestMessages.consentRequired, {
      errors: [{ path: 'accept_data_policy', message: linkRequestMessages.consentRequired }],
    });
  }
  if (body.data_policy_version !== DATA_POLICY_VERSION) {
    throw conflictOn('data_policy_version', linkRequestMessages.consentOutdated);
  }
}

export interface LinkRequestsService {
  /** The club's requests of `kinds` (what the caller may see), newest first. */
  listForClub(clubId: number, kinds: LinkRequestKind[]): Promise<ClubLinkRequest[]>;
  /** The club withdraws a pending request of one of `kinds`; 404 otherwise, 409 when answered. */
  cancel(clubId: number, requestId: number, kinds: LinkRequestKind[]): Promise<ClubLinkRequest>;
  /** The pending requests the signed-in user may answer. */
  listMine(userId: number): Promise<IncomingLinkRequest[]>;
  answerMine(
    userId: number,
    requestId: number,
    answer: Answer,
    input: AnswerInput,
  ): Promise<LinkRequestAnswerResponse>;
  getByToken(token: string): Promise<IncomingLinkRequest>;
  answerByToken(
    token: string,
    answer: Answer,
    input: AnswerInput,
  ): Promise<LinkRequestAnswerResponse>;
}

const notFound = () => new AppError(404, linkRequestMessages.notFound);

/** Link requests (issue #33 item 1): the club's side and the recipient's side. */
export function createLinkRequestsService(deps: LinkRequestDeps & { db: Db }): LinkRequestsService {
  const { db, clock } = deps;

  /** The person of an unspent token when they have no account yet (else null). */
  async function accountlessPerson(token: string) {
    const [row] = await db
      .select({
        recipientId: linkRequestTokens.recipientId,
        email: users.email,
        name: users.name,
        lastname: users.lastname,
        passwordHash: users.passwordHash,
      })
      .from(linkRequestTokens)
      .innerJoin(linkRequests, eq(linkRequests.id, linkRequestTokens.requestId))
      .innerJoin(users, eq(users.id, linkRequests.personId))
      .where(
        and(
          eq(linkRequestTokens.tokenHash, hashSecretToken(token)),
          isNull(linkRequestTokens.usedAt),
        ),
      );
    if (!row || row.recipientId !== null || row.passwordHash || !row.email) return null;
    return { email: row.email, name: row.name, lastname: row.lastname };
  }

  /**
   * The hash of the password chosen on the link (400 with each wrong field), or undefined
   * when none was sent or nobody's account opens (the transaction asks for it if needed).
   */
  async function chosenPasswordHash(token: string, body: AcceptBody) {
    if (body.password === undefined && body.password_confirmation === undefined) return undefined;
    const person = await accountlessPerson(token);
    if (!person) return undefined;
    const parsed = linkRequestPasswordSchema.safeParse(body);
    const errors = parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        }));
    const personal = parsed.success ? personalPasswordReason(parsed.data.password, person) : null;
    if (personal) errors.push({ path: 'password', message: personal });
    if (errors.length > 0) throw new AppError(400, errors[0]!.message, { errors });
    return hashPassword(body.password!);
  }

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

    async answerMine(userId, requestId, answer, { body, origin }) {
      if (answer === 'accept') assertConsent(body);
      return answerLinkRequest(db, deps, { userId }, answer, requestId, { origin });
    },

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
      const accountless = found.recipientId === null ? await accountlessPerson(token) : null;
      return toIncoming(row, found.recipientId ?? row.personId, accountless?.email ?? null);
    },

    async answerByToken(token, answer, { body, origin }) {
      if (answer !== 'accept')
        return answerLinkRequest(db, deps, { token }, answer, undefined, undefined);
      assertConsent(body);
      const passwordHash = await chosenPasswordHash(token, body);
      return answerLinkRequest(db, deps, { token }, answer, undefined, { origin, passwordHash });
    },
  };
}
