import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../lib/clock';

/** Sessions last 12 hours; there is no refresh token (the user signs in again). */
export const SESSION_SECONDS = 12 * 60 * 60;

export interface SessionClaims {
  userId: number;
  /** The user's `token_version` when the token was issued (claim `tv`). */
  tokenVersion: number;
}

/** A valid, unexpired session token: its claims, its id and when it expires. */
export interface VerifiedSession {
  claims: SessionClaims;
  /** The token's unique id (claim `jti`): what logout puts on the deny-list. */
  jti: string;
  expiresAt: Date;
}

export interface TokenService {
  /** A new token with a fresh `jti`, valid for SESSION_SECONDS. */
  sign(claims: SessionClaims): Promise<string>;
  /** The claims of a valid, unexpired token; undefined for anything else. */
  verify(token: string): Promise<SessionClaims | undefined>;
  /**
   * `verify` with the token's `jti` and expiry. Only the signature and the times are
   * checked here: whether the session was revoked is the database's answer (requireUser).
   */
  verifySession(token: string): Promise<VerifiedSession | undefined>;
}

/** A token that passed `jwtVerify` once: its session and the times to check again on reuse. */
interface VerifiedToken {
  session: VerifiedSession;
  /** jose's `nbf` and `exp` (seconds), checked against the clock on every reuse. */
  notBefore: number | undefined;
  expires: number;
}

/**
 * At most this many verified tokens are remembered, the least recently used going first
 * (about 20 MB): more sessions than this polling in turn would each pay the HMAC again.
 */
export const VERIFIED_TOKENS_MAX = 50_000;

/**
 * HS256 JWTs whose issue and expiry times come from the injected clock. A token that
 * verified once is remembered, so a session's next calls skip the HMAC (a tenth of the
 * CPU of GET /api/user); its times are checked again on every call, exactly as jose does.
 */
export function createTokenService(secret: Uint8Array, clock: Clock): TokenService {
  const verified = new Map<string, VerifiedToken>();
  // Imported once: given raw bytes, jose imports the key again on every call, and every
  // authenticated request verifies a token.
  const key = crypto.subtle.importKey(
    'raw',
    new Uint8Array(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A bad secret then fails the calls that await the key, not the process.
  key.catch(() => undefined);
  async function verifySession(token: string): Promise<VerifiedSession | undefined> {
    const now = clock.now();
    const known = verified.get(token);
    if (known) {
      // Used again: to the back of the Map's order, which is the eviction order.
      verified.delete(token);
      verified.set(token, known);
      return isCurrent(known, now) ? known.session : undefined;
    }
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        currentDate: now,
        // A token without an expiry or an id could never be revoked nor end.
        requiredClaims: ['sub', 'exp', 'jti'],
      });
      const userId = Number(payload.sub);
      const tokenVersion = payload.tv;
      const { jti, exp } = payload;
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number')
        return undefined;
      if (typeof jti !== 'string' || jti === '' || typeof exp !== 'number') return undefined;
      const session = { claims: { userId, tokenVersion }, jti, expiresAt: new Date(exp * 1000) };
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { session, notBefore: payload.nbf, expires: exp });
      return session;
    } catch {
      return undefined;
    }
  }

  return {
    async sign({ userId, tokenVersion }) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SESSION_SECONDS)
        .sign(await key);
    },
    async verify(token) {
      return (await verifySession(token))?.claims;
    },
    verifySession,
  };
}

/** jose's time checks without tolerance: not before `nbf`, and before `exp`. */
function isCurrent(token: VerifiedToken, date: Date): boolean {
  const now = Math.floor(date.getTime() / 1000);
  if (token.notBefore !== undefined && token.notBefore > now) return false;
  return token.expires > now;
}
