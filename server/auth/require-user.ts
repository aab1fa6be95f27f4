import { type SQLWrapper, eq, sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { authMessages } from '../../contract/auth.schema';
import type { Db } from '../db/client';
import { revokedTokens } from '../db/schema/auth';
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
 * when the user is gone): see `sessionLoad`. A loader that `checksRevocation` also
 * answers whether the token `jti` is on the deny-list (`revoked`), saving `requireUser`
 * that query; otherwise `requireUser` asks it meanwhile.
 */
export interface SessionLoader {
  load(
    request: FastifyRequest,
    userId: number,
    jti: string,
  ): Promise<{ user: SessionRow; revoked?: boolean } | undefined>;
  checksRevocation: boolean;
}

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
export function sessionLoad<T extends { user: SessionRow; revoked?: boolean }>(
  load: (request: FastifyRequest, userId: number, jti: string) => Promise<T>,
  /** `load` answers `revoked` itself (`tokenRevoked`): requireUser then asks nothing more. */
  { checksRevocation = false }: { checksRevocation?: boolean } = {},
) {
  const loaded = new WeakMap<FastifyRequest, T>();
  const sessionLoader: SessionLoader = {
    async load(request, userId, jti) {
      const value = await load(request, userId, jti);
      loaded.set(request, value);
      return value;
    },
    checksRevocation,
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

/** Whether the token `jti` is on the deny-list (logged out), as a column of a session query. */
export const tokenRevoked = (jti: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${jti})`;

/** The bearer token of a request, if it sent one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * A preHandler that accepts `Authorization: Bearer <jwt>` when the token is valid (with
 * `exp` and `jti`), its `jti` is not on the deny-list (logout), the user still exists and
 * is active, and the token's `tv` equals the user's current `token_version` (a password
 * reset or 'logout everywhere' bumps it, ending older sessions). Otherwise 401. The token
 * service may remember a verified signature, but the deny-list and the user row are read
 * on every request, so a revocation wins at once.
 */
export function createRequireUser(db: Db, tokens: TokenService): preHandlerAsyncHookHandler {
  const revoked = tokenRevoked(sql.placeholder('jti'));
  // Runs before every authenticated route: built once, planned once per connection; the
  // deny-list is read in the same round trip.
  const sessionUser = db
    .select({
      id: users.id,
      isSuperAdmin: users.isSuperAdmin,
      tokenVersion: users.tokenVersion,
      status: users.status,
      revoked,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('require_user');
  const isRevoked = db
    .select({ revoked })
    .from(sql`(select 1) as one`)
    .prepare('require_user_revoked');
  return async function requireUser(request) {
    const token = bearerToken(request);
    const session = token ? await tokens.verifySession(token) : undefined;
    if (!session) throw new AppError(401, authMessages.unauthenticated);
    const { claims, jti } = session;
    const loader = request.routeOptions.config.sessionLoader;
    const [user, denied] = loader
      ? await Promise.all([
          loader.load(request, claims.userId, jti),
          loader.checksRevocation ? undefined : isRevoked.execute({ jti }),
        ]).then(([loaded, rows]) => {
          const revoked = loader.checksRevocation ? loaded?.revoked : rows?.[0]?.revoked;
          return [loaded?.user, revoked !== false] as const;
        })
      : await sessionUser
          .execute({ userId: claims.userId, jti })
          .then(([row]) => [row, row?.revoked !== false] as const);
    if (!user || denied || user.status !== 'active' || user.tokenVersion !== claims.tokenVersion) {
      throw new AppError(401, authMessages.unauthenticated);
    }
    request.currentUser = { id: user.id, isSuperAdmin: user.isSuperAdmin };
  };
}
