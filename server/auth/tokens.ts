import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../lib/clock';

/** Sessions last 12 hours; there is no refresh token (the user signs in again). */
export const SESSION_SECONDS = 12 * 60 * 60;

export interface SessionClaims {
  userId: number;
  /** The user's `token_version` when the token was issued (claim `tv`). */
  tokenVersion: number;
}

export interface TokenService {
  sign(claims: SessionClaims): Promise<string>;
  /** The claims of a valid, unexpired token; undefined for anything else. */
  verify(token: string): Promise<SessionClaims | undefined>;
}

/** A token that passed `jwtVerify` once: its claims and the times to check again on reuse. */
interface VerifiedToken {
  claims: SessionClaims;
  /** jose's `nbf` and `exp` (seconds), checked against the clock on every reuse. */
  notBefore: number | undefined;
  expires: number | undefined;
}

/** At most this many verified tokens are remembered (the oldest go first): a few MB. */
const VERIFIED_TOKENS_MAX = 10_000;

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
  return {
    async sign({ userId, tokenVersion }) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SESSION_SECONDS)
        .sign(await key);
    },
    async verify(token) {
      const now = clock.now();
      const known = verified.get(token);
      if (known) return isCurrent(known, now) ? known.claims : undefined;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          currentDate: now,
        });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number')
          return undefined;
        const claims = { userId, tokenVersion };
        if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, notBefore: payload.nbf, expires: payload.exp });
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}

/** jose's time checks without tolerance: not before `nbf`, and before `exp`. */
function isCurrent(token: VerifiedToken, date: Date): boolean {
  const now = Math.floor(date.getTime() / 1000);
  if (token.notBefore !== undefined && token.notBefore > now) return false;
  return token.expires === undefined || token.expires > now;
}
