import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  type LinkRequestAnswerResponse,
  linkRequestKindLabels,
  linkRequestMessages,
} from '../../../contract/link-requests.schema';
import { clubs } from '../../db/schema/clubs';
import { linkRequestTokens, linkRequests } from '../../db/schema/link-requests';
import { userOnboarding } from '../../db/schema/onboarding';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/client';
import { clubDoorsOpen } from '../../auth/club-doors';
import { AppError } from '../../lib/app-error';
import { hashSecretToken } from '../../lib/secret-token';
import { createNotifier } from '../notifications/notify';
import type { ConsentOrigin } from '../parents/guardian-registration';
import type { Tx } from '../people/people.service';
import { assertRoomForOne } from '../plans/plan-limit';
import { acceptRequest } from './link-request.accept';
import type { LinkRequestDeps } from './link-request.create';
import { mayAnswerFor } from './link-request.recipients';

/*
 * Answering a link request (issue #33 item 1), in the app (a recipient signed in) or
 * from the e-mailed link (its single-use token). Accepting is one transaction that locks
 * the request: it must still be pending and not expired (else 409 notPending); then the
 * role and the club's row are written with the fields the club sent (a category no longer
 * active, or a jersey now taken, is dropped rather than failing), the request is marked
 * and every token of it spent, and the requester is told. Declining marks and spends.
 * Accepting also records the acceptor's data-processing authorisation for the club, and
 * an adult without an account who accepts from the e-mail sets their password (their
 * e-mail on file becomes their login) in the same transaction.
 */

export type Answer = 'accept' | 'decline';

/** Who answers: a signed-in recipient, or the holder of a token. */
export type Answerer = { userId: number } | { token: string };

const notFound = () => new AppError(404, linkRequestMessages.notFound);

/** What an acceptance brings besides the answer itself. */
export interface AcceptExtras {
  /** Where the data-processing authorisation was given from. */
  origin: ConsentOrigin;
  /** The hash of the password chosen on the e-mailed link (an adult without an account). */
  passwordHash?: string;
}

/**
 * The e-mailed link of an adult without an account opens the account: the person's row
 * (locked) gets the chosen password, unless one was set meanwhile (never overwritten:
 * they already sign in). Returns the login e-mail when the account was opened.
 */
async function openAccount(tx: Tx, personId: number, passwordHash: string | undefined, now: Date) {
  const [person] = await tx
    .select({ email: users.email, hasPassword: isNotNull(users.passwordHash) })
    .from(users)
    .where(eq(users.id, personId))
    .for('update');
  if (!person || person.hasPassword || !person.email) return null;
  if (!passwordHash) {
    throw new AppError(422, linkRequestMessages.passwordRequired, {
      errors: [{ path: 'password', message: linkRequestMessages.passwordRequired }],
    });
  }
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, personId));
  await tx.insert(userOnboarding).values({ userId: personId }).onConflictDoNothing();
  return person.email;
}

/** The request id and the answering user (null for a token of an e-mail-only recipient). */
async function resolve(tx: Tx, answerer: Answerer, requestId: number | undefined, now: Date) {
  if ('token' in answerer) {
    const [token] = await tx
      .select({
        requestId: linkRequestTokens.requestId,
        recipientId: linkRequestTokens.recipientId,
      })
      .from(linkRequestTokens)
      .where(
        and(
          eq(linkRequestTokens.tokenHash, hashSecretToken(answerer.token)),
          isNull(linkRequestTokens.usedAt),
        ),
      );
    if (!token) throw notFound();
    return { requestId: token.requestId, userId: token.recipientId };
  }
  const [request] = await tx
    .select({ personId: linkRequests.personId })
    .from(linkRequests)
    .where(eq(linkRequests.id, requestId!));
  if (!request || !(await mayAnswerFor(tx, answerer.userId, request.personId, now))) {
    throw notFound();
  }
  return { requestId: requestId!, userId: answerer.userId };
}

export async function answerLinkRequest(
  db: Db,
  deps: LinkRequestDeps,
  answerer: Answerer,
  answer: Answer,
  requestId: number | undefined,
  extras: AcceptExtras | undefined,
): Promise<LinkRequestAnswerResponse> {
  if (answer === 'accept' && !extras) throw new Error('an acceptance needs its consent origin');
  const notifier = createNotifier({ clock: deps.clock, outbox: deps.outbox, appUrl: deps.appUrl });
  const { response, dispatch } = await db
    .transaction(async (tx) => {
      const now = deps.clock.now();
      const who = await resolve(tx, answerer, requestId, now);
      const [peek] = await tx
        .select({ clubId: linkRequests.clubId, kind: linkRequests.kind })
        .from(linkRequests)
        .where(eq(linkRequests.id, who.requestId));
      if (!peek) throw notFound();
      // A suspended club takes nobody in: its requests answer like unknown ones.
      if (!(await clubDoorsOpen(tx, peek.clubId))) throw notFound();
      // First lock of an accepted player's transaction (see plan-limit.ts): the plan's limit.
      if (answer === 'accept' && peek.kind === 'player') await assertRoomForOne(tx, peek.clubId);
      const [request] = await tx
        .select()
        .from(linkRequests)
        .where(eq(linkRequests.id, who.requestId))
        .for('update');
      if (!request) throw notFound();
      if ('token' in answerer) {
        // Spent by a concurrent answer while this one waited for the lock.
        const [stillValid] = await tx
          .select({ id: linkRequestTokens.id })
          .from(linkRequestTokens)
          .where(
            and(
              eq(linkRequestTokens.tokenHash, hashSecretToken(answerer.token)),
              isNull(linkRequestTokens.usedAt),
            ),
          );
        if (!stillValid) throw notFound();
      }
      if (request.status !== 'pending') throw new AppError(409, linkRequestMessages.notPending);
      if (request.expiresAt.getTime() <= now.getTime()) {
        await tx
          .update(linkRequests)
          .set({ status: 'expired' })
          .where(eq(linkRequests.id, request.id));
        await tx
          .update(linkRequestTokens)
          .set({ usedAt: now })
          .where(
            and(eq(linkRequestTokens.requestId, request.id), isNull(linkRequestTokens.usedAt)),
          );
        return { expired: true as const };
      }

      const { clubId, personId } = request;
      let loginEmail: string | null = null;
      if (answer === 'accept') {
        if (who.userId === null)
          loginEmail = await openAccount(tx, personId, extras?.passwordHash, now);
        await acceptRequest(tx, request, who.userId, now, extras!.origin);
      }
      const status = answer === 'accept' ? ('accepted' as const) : ('declined' as const);
      await tx
        .update(linkRequests)
        .set({ status, decidedBy: who.userId, decidedAt: now })
        .where(eq(linkRequests.id, request.id));
      await tx
        .update(linkRequestTokens)
        .set({ usedAt: now })
        .where(and(eq(linkRequestTokens.requestId, request.id), isNull(linkRequestTokens.usedAt)));

      const [club] = await tx.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, clubId));
      const [person] = await tx
        .select({ name: users.name, lastname: users.lastname })
        .from(users)
        .where(eq(users.id, personId));
      const clubName = club?.name ?? '';
      const personName = person ? `${person.name} ${person.lastname}` : '';
      const forChild = who.userId !== null && who.userId !== personId;
      const as = linkRequestKindLabels[request.kind];
      const notified = request.requestedBy
        ? await notifier.notify(tx, [request.requestedBy], {
            clubId,
            type: 'system_alert',
            priority: 'medium',
            title: status === 'accepted' ? 'Solicitud aceptada' : 'Solicitud rechazada',
            message:
              status === 'accepted'
                ? `${personName} aceptó unirse a ${clubName} como ${as}.`
                : `${request.typedName} no aceptó la solicitud para unirse como ${as}.`,
            actionUrl: request.kind === 'player' ? '/home/players' : '/home/trainers',
            subject: `link-request:${request.id}:answer`,
            data: { link_request_id: request.id },
          })
        : undefined;
      const message =
        status === 'declined'
          ? linkRequestMessages.declined
          : forChild
            ? linkRequestMessages.acceptedForChild(personName, clubName)
            : loginEmail
              ? linkRequestMessages.acceptedWithPassword(clubName, loginEmail)
              : linkRequestMessages.accepted(clubName);
      return {
        response: { data: { id: request.id, status }, message },
        dispatch: () => notified?.dispatch(),
      };
    })
    .then((result) => {
      if ('expired' in result) throw new AppError(409, linkRequestMessages.notPending);
      return result;
    });
  dispatch();
  return response;
}
