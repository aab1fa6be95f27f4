import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, min, sql } from 'drizzle-orm';
import {
  type AuthResponse,
  authMessages,
  type forgotPasswordRequestSchema,
  type loginRequestSchema,
  type registerRequestSchema,
  type resetPasswordRequestSchema,
} from '../../../contract/auth.schema';
import type { z } from 'zod';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import type { TokenService } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { loginAttempts, passwordResetTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { hashSecretToken } from '../../lib/secret-token';
import { AppError, fieldError } from '../../lib/app-error';
import { addMs, type Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/sql-state';
import type { MailOutbox } from '../../mail/outbox';
import { insertAccount } from '../users/accounts';
import { loadUser } from '../users/users.service';
import { resetPasswordMail } from './reset-password.mail';

const MINUTE = 60_000;
/** Failed logins allowed per e-mail + IP within the window; the next one is refused. */
export const MAX_FAILED_LOGINS = 10;
export const LOGIN_WINDOW_MS = 15 * MINUTE;
export const RESET_TOKEN_TTL_MS = 60 * MINUTE;
/** Reset e-mails per account per window; more requests are answered the same but send nothing. */
export const MAX_RESET_MAILS = 3;
export const RESET_MAIL_WINDOW_MS = 15 * MINUTE;

export const accountInactiveMessage =
  'Tu cuenta está desactivada. Contacta al administrador del club.';

type RegisterInput = z.output<typeof registerRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;
type ForgotPasswordInput = z.output<typeof forgotPasswordRequestSchema>;
type ResetPasswordInput = z.output<typeof resetPasswordRequestSchema>;

export interface AuthDeps {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  outbox: MailOutbox;
  appUrl: string;
}

export function createAuthService({ db, clock, tokens, outbox, appUrl }: AuthDeps) {
  async function sessionFor(userId: number, tokenVersion: number): Promise<AuthResponse> {
    const token = await tokens.sign({ userId, tokenVersion });
    return { token, user: await loadUser(db, userId) };
  }

  /** New account: no club, onboarding not started. 422 when the e-mail is taken (any case). */
  async function register(input: RegisterInput): Promise<AuthResponse> {
    const emailTaken = fieldError('email', authMessages.emailTaken);
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email));
    if (existing) throw emailTaken;

    const passwordHash = await hashPassword(input.password);
    try {
      const user = await db.transaction((tx) =>
        insertAccount(tx, {
          name: input.name,
          lastname: input.lastname,
          email: input.email,
          passwordHash,
        }),
      );
      return await sessionFor(user.id, user.tokenVersion);
    } catch (error) {
      // Two registrations of one address at once: the unique constraint decides.
      if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken;
      throw error;
    }
  }

  /**
   * 401 with one message whether the e-mail exists or not (a dummy hash keeps the time
   * alike). After MAX_FAILED_LOGINS failures from one IP for one e-mail within the
   * window, further attempts get 429 (and are not counted) until the oldest expires.
   */
  async function login(input: LoginInput, ip: string): Promise<AuthResponse> {
    const now = clock.now();
    const windowStart = addMs(now, -LOGIN_WINDOW_MS);
    const sameKey = and(eq(loginAttempts.email, input.email), eq(loginAttempts.ip, ip));
    const [failures] = await db
      .select({ n: count(), oldest: min(loginAttempts.attemptedAt) })
      .from(loginAttempts)
      .where(and(sameKey, gt(loginAttempts.attemptedAt, windowStart)));
    if (failures && failures.n >= MAX_FAILED_LOGINS) {
      const oldest = failures.oldest ? new Date(failures.oldest) : now;
      const retryAfter = Math.max(
        1,
        Math.ceil((oldest.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000),
      );
      throw new AppError(429, authMessages.tooManyAttempts, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }

    const [user] = await db
      .select({
        id: users.id,
        passwordHash: users.passwordHash,
        tokenVersion: users.tokenVersion,
        status: users.status,
      })
      .from(users)
      .where(eq(users.email, input.email));
    const valid = user
      ? await verifyPassword(input.password, user.passwordHash)
      : await verifyAgainstDummy(input.password);

    if (!user || !valid) {
      await db.transaction(async (tx) => {
        await tx.insert(loginAttempts).values({ email: input.email, ip, attemptedAt: now });
        await tx.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart));
      });
      throw new AppError(401, authMessages.invalidCredentials);
    }
    if (user.status !== 'active') throw new AppError(403, accountInactiveMessage);

    await db.delete(loginAttempts).where(sameKey);
    return sessionFor(user.id, user.tokenVersion);
  }

  /**
   * Always the same answer. For an active account: a single-use token (only its sha256
   * is stored) valid for 60 minutes, and an outbox e-mail with the link.
   */
  async function forgotPassword(input: ForgotPasswordInput): Promise<void> {
    const now = clock.now();
    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email, status: users.status })
      .from(users)
      .where(eq(users.email, input.email));
    if (!user || user.status !== 'active') return;

    const [recent] = await db
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, user.id),
          gt(passwordResetTokens.createdAt, addMs(now, -RESET_MAIL_WINDOW_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= MAX_RESET_MAILS) return;

    const token = randomBytes(32).toString('base64url');
    const mail = await db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashSecretToken(token),
        expiresAt: addMs(now, RESET_TOKEN_TTL_MS),
        createdAt: now,
      });
      return outbox.add(
        tx,
        resetPasswordMail({
          appUrl,
          name: user.name,
          email: user.email,
          token,
          validMinutes: RESET_TOKEN_TTL_MS / MINUTE,
        }),
      );
    });
    outbox.dispatch(mail);
  }

  /**
   * Sets the new password when the token is unused, unexpired and was issued for this
   * e-mail. In one transaction: marks it (and every other open token of the user) used,
   * stores the hash and bumps `token_version`, which ends every earlier session.
   */
  async function resetPassword(input: ResetPasswordInput): Promise<void> {
    const invalid = fieldError('token', authMessages.invalidResetToken);
    const now = clock.now();
    const [found] = await db
      .select({
        tokenId: passwordResetTokens.id,
        userId: users.id,
        usedAt: passwordResetTokens.usedAt,
        expiresAt: passwordResetTokens.expiresAt,
      })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashSecretToken(input.token)),
          eq(users.email, input.email),
        ),
      );
    if (!found || found.usedAt !== null || found.expiresAt.getTime() <= now.getTime())
      throw invalid;

    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.id, found.tokenId), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      if (claimed.length === 0) throw invalid; // used by a concurrent request
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(eq(passwordResetTokens.userId, found.userId), isNull(passwordResetTokens.usedAt)),
        );
      await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
        .where(eq(users.id, found.userId));
      await tx.delete(loginAttempts).where(eq(loginAttempts.email, input.email));
    });
  }

  return { register, login, forgotPassword, resetPassword };
}

export type AuthService = ReturnType<typeof createAuthService>;
