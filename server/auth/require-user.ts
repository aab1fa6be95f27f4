import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { authMessages } from '../../contract/auth.schema';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { AppError } from '../lib/app-error';
import type { TokenService } from './tokens';

/** Who is calling, set by `requireUser` on authenticated routes. */
export interface CurrentUser {
  id: number;
  isSuperAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The signed-in user of a request that passed `requireUser`. */
export function currentUserOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError(401, authMessages.unauthenticated);
  return request.currentUser;
}

/**
 * A preHandler that accepts `Authorization: Bearer <jwt>` when the token is valid, the
 * user still exists and is active, and the token's `tv` equals the user's current
 * `token_version` (a password reset bumps it, ending older sessions). Otherwise 401.
 */
export function createRequireUser(db: Db, tokens: TokenService): preHandlerAsyncHookHandler {
  // Runs before every authenticated route: built once, planned once per connection.
  const sessionUser = db
    .select({
      id: users.id,
      isSuperAdmin: users.isSuperAdmin,
      tokenVersion: users.tokenVersion,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('require_user');
  return async function requireUser(request) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? await tokens.verify(match[1]) : undefined;
    if (!claims) throw new AppError(401, authMessages.unauthenticated);
    const [user] = await sessionUser.execute({ userId: claims.userId });
    if (!user || user.status !== 'active' || user.tokenVersion !== claims.tokenVersion) {
      throw new AppError(401, authMessages.unauthenticated);
    }
    request.currentUser = { id: user.id, isSuperAdmin: user.isSuperAdmin };
  };
}
