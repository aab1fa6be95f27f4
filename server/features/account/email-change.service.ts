import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  accountMessages,
  EMAIL_CHANGE_MINUTES,
  type emailChangeSchema,
  type emailConfirmSchema,
} from '../../../contract/account.schema';
import type { Db } from '../../db/client';
import { emailChangeTokens } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { AppError, conflictOn, fieldError } from '../../lib/app-error';
import { addMs, type Clock } from '../../lib/clock';
import { hashSecretToken } from '../../lib/secret-token';
import { isUniqueViolation } from '../../lib/sql-state';
import type { MailOutbox } from '../../mail/outbox';
import { recordAudit } from '../audit-log/record-audit';
import { provePassword } from './account-password';
import { emailChangeMail, emailChangedNotice } from './email-change.mail';

const MINUTE = 60_000;
export const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_MINUTES * MINUTE;
/** Change e-mails per account per window; past it, 429. */
export const MAX_EMAIL_CHANGE_MAILS = 3;
export const EMAIL_CHANGE_WINDOW_MS = 15 * MINUTE;

type ChangeInput = z.output<typeof emailChangeSchema>;
type ConfirmInput = z.output<typeof emailConfirmSchema>;

/**
 * Changing the e-mail one signs in with: the request proves the password and mails a
 * single-use link (only its sha256 is stored, valid 60 minutes) to the new address; the
 * link's confirmation sets it. A newer request voids the older links.
 */
export function createEmailChangeService({
  db,
  clock,
  outbox,
  appUrl,
}: {
  db: Db;
  clock: Clock;
  outbox: MailOutbox;
  appUrl: string;
}) {
  const taken = (path: string) => conflictOn(path, accountMessages.emailTaken);

  async function emailHeldByOther(executor: Db, email: string, userId: number) {
    const [other] = await executor
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, userId)))
      .limit(1);
    return other !== undefined;
  }

  /** `POST /api/account/email`; the audit row does not name the address (only a confirmed one). */
  async function request(userId: number, input: ChangeInput, ip: string | null = null) {
    const user = await provePassword(db, userId, input.password, 'password');
    if (user.email === input.new_email) throw fieldError('new_email', accountMessages.emailSame);
    if (await emailHeldByOther(db, input.new_email, userId)) throw taken('new_email');

    const now = clock.now();
    const [recent] = await db
      .select({ n: count() })
      .from(emailChangeTokens)
      .where(
        and(
          eq(emailChangeTokens.userId, userId),
          gt(emailChangeTokens.createdAt, addMs(now, -EMAIL_CHANGE_WINDOW_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= MAX_EMAIL_CHANGE_MAILS) {
      throw new AppError(429, 'Pediste demasiados cambios de correo. Inténtalo en unos minutos.');
    }

    const token = randomBytes(32).toString('base64url');
    const mail = await db.transaction(async (tx) => {
      await tx
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
      await tx.insert(emailChangeTokens).values({
        userId,
        newEmail: input.new_email,
        tokenHash: hashSecretToken(token),
        expiresAt: addMs(now, EMAIL_CHANGE_TTL_MS),
        createdAt: now,
      });
      await recordAudit(tx, {
        actorUserId: userId,
        action: 'account.email_change_requested',
        targetType: 'user',
        targetId: userId,
        ip,
        at: now,
      });
      return outbox.add(
        tx,
        emailChangeMail({
          appUrl,
          name: user.name,
          newEmail: input.new_email,
          token,
          validMinutes: EMAIL_CHANGE_MINUTES,
        }),
      );
    });
    outbox.dispatch(mail);
  }

  /**
   * `POST /api/account/email/confirm`: in one transaction claims the token (unused,
   * unexpired: a second confirmation of the same link finds it used, even at the same
   * moment, since the claim is one conditional UPDATE) and sets the e-mail; 409 when
   * someone took the address meanwhile (the token then stays unused). The audit row, in
   * the same transaction, names the new address; the link's owner is its actor.
   */
  async function confirm(
    input: ConfirmInput,
    ip: string | null = null,
  ): Promise<{ email: string }> {
    const now = clock.now();
    const invalid = fieldError('token', accountMessages.invalidEmailToken);
    try {
      const { email, notice } = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(emailChangeTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailChangeTokens.tokenHash, hashSecretToken(input.token)),
              isNull(emailChangeTokens.usedAt),
              gt(emailChangeTokens.expiresAt, now),
            ),
          )
          .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
        if (!claimed) throw invalid;
        const [user] = await tx
          .select({
            status: users.status,
            deletedAt: users.deletedAt,
            name: users.name,
            email: users.email,
          })
          .from(users)
          .where(eq(users.id, claimed.userId))
          .for('update');
        if (!user || user.status !== 'active' || user.deletedAt) throw invalid;
        if (await emailHeldByOther(tx, claimed.newEmail, claimed.userId)) throw taken('token');
        await tx
          .update(users)
          .set({ email: claimed.newEmail, updatedAt: now })
          .where(eq(users.id, claimed.userId));
        await recordAudit(tx, {
          actorUserId: claimed.userId,
          action: 'account.email_changed',
          targetType: 'user',
          targetId: claimed.userId,
          details: { new_email: claimed.newEmail },
          ip,
          at: now,
        });
        // The old address hears of it, in case someone else holds the session.
        const notice = user.email
          ? await outbox.add(
              tx,
              emailChangedNotice({
                name: user.name,
                oldEmail: user.email,
                newEmail: claimed.newEmail,
              }),
            )
          : null;
        return { email: claimed.newEmail, notice };
      });
      if (notice) outbox.dispatch(notice);
      return { email };
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw taken('token');
      throw error;
    }
  }

  /** The address a link is waiting to confirm, if any. */
  async function pending(userId: number): Promise<string | null> {
    const [row] = await db
      .select({ newEmail: emailChangeTokens.newEmail })
      .from(emailChangeTokens)
      .where(
        and(
          eq(emailChangeTokens.userId, userId),
          isNull(emailChangeTokens.usedAt),
          gt(emailChangeTokens.expiresAt, clock.now()),
        ),
      )
      .orderBy(sql`${emailChangeTokens.createdAt} desc`)
      .limit(1);
    return row?.newEmail ?? null;
  }

  return { request, confirm, pending };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
