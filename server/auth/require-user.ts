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

/** The columns of the caller's user row that `requireUser` checks. */
export interface SessionRow {
  id: number;
  isSuperAdmin: boolean;
  tokenVersion: number;
  status: string;
}

/**
 * Reads the caller's user row together with what the route needs (undefined or a 401
 * when the user is gone): see `sessionLoad`.
 */
export type SessionLoader = (
  request: FastifyRequest,
  userId: number,
) => Promise<{ user: SessionRow } | undefined>;

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /** Replaces `requireUser`'s own lookup of the user row (set through `sessionLoad`). */
    sessionLoader?: SessionLoader;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The signed-in user of a request that passed `requireUser`. */
export function currentUserOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError(401, authMessages.unauthenticated);
  return request.currentUser;
}

/**
 * For a route whose first query reads the caller's user row anyway (GET /api/user):
 * `config` makes `requireUser` run `load` in place of its own lookup and check the row it
 * returns exactly the same way, saving a round trip; `of(request)` hands the handler what
 * `load` returned, once `requireUser` accepted that row (401 otherwise).
 */
export function sessionLoad<T extends { user: SessionRow }>(
  load: (request: FastifyRequest, userId: number) => Promise<T>,
) {
  const loaded = new WeakMap<FastifyRequest, T>();
  const sessionLoader: SessionLoader = async (request, userId) => {
    const value = await load(request, userId);
    loaded.set(request, value);
    return value;
  };
  return {
    config: { sessionLoader },
    of(request: FastifyRequest): T {
      const value = loaded.get(request);
      // currentUser is set only once the row passed requireUser's checks.
      if (!value || request.currentUser?.id !== value.user.id) {
        throw new AppError(401, authMessages.unauthenticated);
      }
      return value;
    },
  };
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
    const load = request.routeOptions.config.sessionLoader;
    const user = load
      ? (await load(request, claims.userId))?.user
      : (await sessionUser.execute({ userId: claims.userId }))[0];
    if (!user || user.status !== 'active' || user.tokenVersion !== claims.tokenVersion) {
      throw new AppError(401, authMessages.unauthenticated);
    }
    request.currentUser = { id: user.id, isSuperAdmin: user.isSuperAdmin };
  };
}
