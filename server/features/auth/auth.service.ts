import { adminUserMessages } from '../../../contract/admin-users.schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
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
import { createRequireUser } from '../../auth/require-user';
import type { TokenService } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { hashSecretToken } from '../../lib/secret-token';
import { AppError, fieldError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createTaskQueue } from '../../lib/password-queue';
import { isUniqueViolation } from '../../lib/sql-state';
import type { MailOutbox } from '../../mail/outbox';
import { insertAccount } from '../users/accounts';
import { loadUser } from '../users/users.service';
import { createLoginThrottle } from './login-throttle';
import { recordAudit } from '../audit-log/record-audit';
import { sendResetLink } from './reset-link';
import { type SignUpOrigin, assertCurrentVersions, recordSignUpConsents } from './sign-up-consents';
import { createSessionsService } from './sessions.service';

export { MAX_RESET_MAILS, RESET_MAIL_WINDOW_MS, RESET_TOKEN_TTL_MS } from './reset-link';

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
  const throttle = createLoginThrottle(db, clock);
  async function sessionFor(userId: number, tokenVersion: number): Promise<AuthResponse> {
    const token = await tokens.sign({ userId, tokenVersion });
    return { token, user: await loadUser(db, userId) };
  }

  /**
   * New account: no club, onboarding not started. 422 when the e-mail is taken (any case),
   * 409 when a text it accepts changed since the page showed it. The account and its two
   * acceptances (terms, data-processing authorisation) are written in one transaction.
   */
  async function register(input: RegisterInput, origin: SignUpOrigin): Promise<AuthResponse> {
    assertCurrentVersions(input);
    const emailTaken = fieldError('email', authMessages.emailTaken);
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email));
    if (existing) throw emailTaken;

    const passwordHash = await hashPassword(input.password);
    try {
      const user = await db.transaction(async (tx) => {
        const account = await insertAccount(tx, {
          name: input.name,
          lastname: input.lastname,
          email: input.email,
          passwordHash,
        });
        await recordSignUpConsents(tx, account.id, origin, clock.now());
        return account;
      });
      return await sessionFor(user.id, user.tokenVersion);
    } catch (error) {
      // Two registrations of one address at once: the unique constraint decides.
      if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken;
      throw error;
    }
  }

  /**
   * 401 with one message whether the e-mail exists or not (a dummy hash keeps the time
   * alike). The attempt is counted before the password is checked (`LoginThrottle`): past
   * the limits of failures per e-mail + IP or per IP, 429 without checking anything.
   */
  async function login(input: LoginInput, ip: string): Promise<AuthResponse> {
    const attempt = await throttle.begin(input.email, ip);
    const [user] = await db
      .select({
        id: users.id,
        passwordHash: users.passwordHash,
        tokenVersion: users.tokenVersion,
        status: users.status,
        lockedAt: users.lockedAt,
      })
      .from(users)
      .where(eq(users.email, input.email));
    // A person a club added has no password until they accept their invitation.
    const valid = user?.passwordHash
      ? await verifyPassword(input.password, user.passwordHash)
      : await verifyAgainstDummy(input.password);

    if (!user || !valid) {
      await throttle.failed(attempt);
      // The e-mail tried and the IP, never the password (issue #17 audit log).
      await recordAudit(db, {
        actorUserId: null,
        action: 'login.failed',
        ...(user ? { targetType: 'user', targetId: user.id } : {}),
        details: { email: input.email },
        ip,
        at: clock.now(),
      });
      throw new AppError(401, authMessages.invalidCredentials);
    }
    if (user.status !== 'active' || user.lockedAt) {
      await throttle.withdrawn(attempt);
      throw new AppError(
        403,
        user.lockedAt ? adminUserMessages.lockedLogin : accountInactiveMessage,
      );
    }
    await throttle.succeeded(attempt);
    return sessionFor(user.id, user.tokenVersion);
  }

  // One at a time, in order: the per-account mail limit is read and written by one task.
  const resetQueue = createTaskQueue(1);

  /**
   * Forgot-password answers the same at once for every e-mail: the lookup and the reset
   * work are queued and run after the response, so the answer's time does not depend on
   * whether the account exists. The request's time is kept; `onError` gets a failure.
   */
  function queueResetLink(input: ForgotPasswordInput, onError: (error: unknown) => void): void {
    const requestedAt = clock.now();
    void resetQueue
      .run(async () => {
        // Let the answer leave first.
        await new Promise((resolve) => setImmediate(resolve));
        await sendResetLink({ db, outbox, appUrl }, { email: input.email }, requestedAt);
      })
      .catch(onError);
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
      await throttle.clear(input.email, tx);
    });
  }

  return {
    register,
    login,
    queueResetLink,
    /** Resolves when every queued reset has finished (on shutdown). */
    idle: () => resetQueue.idle(),
    resetPassword,
    sessions: createSessionsService({ db, clock, tokens }),
    // The auth routes check the session of 'logout everywhere' exactly as every route does.
    requireUser: createRequireUser(db, tokens),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
