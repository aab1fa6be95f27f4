import { eq, lt, sql } from 'drizzle-orm';
import type { TokenService } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { revokedTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import type { Clock } from '../../lib/clock';

/**
 * Ends sessions before they expire. A token's `jti` goes on the deny-list until the
 * token would have expired (requireUser refuses it from the next request on, on every
 * instance and after a restart); 'everywhere' bumps the user's `token_version`, as a
 * password reset does, which ends every token issued before.
 */
export function createSessionsService({
  db,
  clock,
  tokens,
}: {
  db: Db;
  clock: Clock;
  tokens: TokenService;
}) {
  /** Revokes `token` if it is a valid session; anything else has nothing to end. */
  async function logout(token: string | undefined): Promise<void> {
    const session = token ? await tokens.verifySession(token) : undefined;
    if (!session) return;
    await db.transaction(async (tx) => {
      await tx
        .insert(revokedTokens)
        .values({ jti: session.jti, expiresAt: session.expiresAt })
        .onConflictDoNothing();
      // Expired tokens are refused anyway: their rows are no longer needed.
      await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, clock.now()));
    });
  }

  /** Ends every session of the user, this one included. */
  async function logoutEverywhere(userId: number): Promise<void> {
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: clock.now() })
      .where(eq(users.id, userId));
  }

  return { logout, logoutEverywhere };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
