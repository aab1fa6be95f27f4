import { describe, expect, it } from 'vitest';
import { SESSION_SECONDS, createTokenService } from '../../server/auth/tokens';

/** A clock the test moves by hand. */
function manualClock(start = new Date('2026-11-23T12:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

const secret = new TextEncoder().encode('una-clave-de-prueba-de-32-bytes!!');
const otherSecret = new TextEncoder().encode('otra-clave-de-prueba-de-32-bytes!');

describe('token service', () => {
  it('verifies its own token again and again, with the same claims', async () => {
    const tokens = createTokenService(secret, manualClock());
    const token = await tokens.sign({ userId: 7, tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, tokenVersion: 2 });
  });

  it('refuses a token it remembered once the session has expired', async () => {
    const clock = manualClock();
    const tokens = createTokenService(secret, clock);
    const token = await tokens.sign({ userId: 7, tokenVersion: 0 });
    expect(await tokens.verify(token)).toBeDefined();

    clock.advance(SESSION_SECONDS - 1);
    expect(await tokens.verify(token)).toBeDefined();
    clock.advance(1);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token signed with another key or altered, before and after a valid one', async () => {
    const clock = manualClock();
    const tokens = createTokenService(secret, clock);
    const foreign = await createTokenService(otherSecret, clock).sign({
      userId: 7,
      tokenVersion: 0,
    });
    const valid = await tokens.sign({ userId: 7, tokenVersion: 0 });
    const [header, , signature] = valid.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: '1', tv: 0, iat: 0, exp: 9e9 })).toString(
      'base64url',
    );
    const altered = `${header}.${payload}.${signature}`;

    expect(await tokens.verify(foreign)).toBeUndefined();
    expect(await tokens.verify(altered)).toBeUndefined();
    expect(await tokens.verify(valid)).toBeDefined();
    expect(await tokens.verify(altered)).toBeUndefined();
    expect(await tokens.verify('no.es.token')).toBeUndefined();
  });
});
