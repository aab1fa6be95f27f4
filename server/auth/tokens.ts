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

/** HS256 JWTs whose issue and expiry times come from the injected clock. */
export function createTokenService(secret: Uint8Array, clock: Clock): TokenService {
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
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number')
          return undefined;
        return { userId, tokenVersion };
      } catch {
        return undefined;
      }
    },
  };
}
