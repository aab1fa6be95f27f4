import { randomBytes } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { addMs } from '../../lib/clock';
import { hashSecretToken } from '../../lib/secret-token';
import type { MailOutbox } from '../../mail/outbox';
import { resetPasswordMail } from './reset-password.mail';

const MINUTE = 60_000;
export const RESET_TOKEN_TTL_MS = 60 * MINUTE;
/** Reset e-mails per account per window; more requests are answered the same but send nothing. */
export const MAX_RESET_MAILS = 3;
export const RESET_MAIL_WINDOW_MS = 15 * MINUTE;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ResetLinkDeps {
  db: Db;
  outbox: MailOutbox;
  appUrl: string;
}

/**
 * The reset work of forgot-password (and of the super admin's 'restablecer contraseña'):
 * for an active account, a single-use token (only its sha256 is stored) valid for 60
 * minutes, and an outbox e-mail with the link. `alsoInTx` runs in the same transaction (an
 * audit row). False when nothing was sent (no such active account, or the mail limit).
 */
export async function sendResetLink(
  { db, outbox, appUrl }: ResetLinkDeps,
  where: { email: string } | { userId: number },
  now: Date,
  alsoInTx?: (tx: Tx, userId: number) => Promise<void>,
): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where('email' in where ? eq(users.email, where.email) : eq(users.id, where.userId));
  if (!user || user.status !== 'active' || !user.email) return false;

  const [recent] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, user.id),
        gt(passwordResetTokens.createdAt, addMs(now, -RESET_MAIL_WINDOW_MS)),
      ),
    );
  if ((recent?.n ?? 0) >= MAX_RESET_MAILS) return false;

  const token = randomBytes(32).toString('base64url');
  const email = user.email;
  const mail = await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashSecretToken(token),
      expiresAt: addMs(now, RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
    await alsoInTx?.(tx, user.id);
    return outbox.add(
      tx,
      resetPasswordMail({
        appUrl,
        name: user.name,
        email,
        token,
        validMinutes: RESET_TOKEN_TTL_MS / MINUTE,
      }),
    );
  });
  outbox.dispatch(mail);
  return true;
}
