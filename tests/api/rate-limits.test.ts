import { expect, it, vi } from 'vitest';
import { passwordQueue, PASSWORD_HASH_CONCURRENCY } from '../../server/lib/password-queue';
import { RATE_LIMITS, type RateLimitName, rateLimitMessage } from '../../server/lib/rate-limits';
import {
  VALID_PASSWORD,
  describeEachDatabase,
  registerUser,
  uniqueEmail,
  SIGN_UP_CONSENT,
} from './support/test-app';
import { createClub } from './support/clubs';

/**
 * Every anonymous route that hashes a password or queues work, with a valid body that
 * costs little (a made-up link, a taken e-mail); a login has to be a real one, as
 * failures meet the per-IP failure limit first.
 */
const limitedRoutes: {
  name: RateLimitName;
  url: string;
  body: (account: { email: string; password: string }) => Record<string, unknown>;
}[] = [
  { name: 'login', url: '/api/login', body: ({ email, password }) => ({ email, password }) },
  {
    name: 'register',
    url: '/api/register',
    body: ({ email }) => ({
      name: 'Ana',
      lastname: 'Pérez',
      email,
      password: VALID_PASSWORD,
      password_confirmation: VALID_PASSWORD,
      ...SIGN_UP_CONSENT,
    }),
  },
  { name: 'forgotPassword', url: '/api/forgot-password', body: ({ email }) => ({ email }) },
  {
    name: 'resetPassword',
    url: '/api/reset-password',
    body: ({ email }) => ({
      token: 'enlace-inventado',
      email,
      password: 'OtraClave123',
      password_confirmation: 'OtraClave123',
    }),
  },
  { name: 'invitationAccept', url: `/api/invitations/${'a'.repeat(64)}/accept`, body: () => ({}) },
];

describeEachDatabase('rate limits of the anonymous routes', (ctx) => {
  it.each(limitedRoutes.map((route, index) => ({ ...route, index })))(
    'answers 429 in Spanish with Retry-After once one IP passed the limit of $name',
    async ({ name, url, body, index }) => {
      const account = await registerUser(ctx);
      const post = (remoteAddress: string) =>
        ctx.request({ method: 'POST', url, body: body(account), remoteAddress });
      const ip = `192.0.2.${index + 1}`;
      const { max } = RATE_LIMITS[name];
      expect(max).toBeGreaterThan(0);
      for (let request = 1; request <= max; request++) {
        expect((await post(ip)).statusCode).not.toBe(429);
      }

      const refused = await post(ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: rateLimitMessage });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['content-security-policy']).toBeDefined();
      // Another address is not affected.
      expect((await post(`192.0.2.${index + 101}`)).statusCode).not.toBe(429);
    },
    120_000,
  );

  it('limits the document lookups of one IP (validate-document tells whether a person exists)', async () => {
    const owner = await registerUser(ctx);
    const club = await createClub(ctx, owner.token, { name: 'Club de Búsquedas' });
    const lookup = (remoteAddress: string, number: number) =>
      ctx.request({
        method: 'GET',
        url: `/api/validate-document?type=CC&number=${10_000_000 + number}&clubId=${club.id}&typeUser=player`,
        token: owner.token,
        remoteAddress,
      });
    const { max } = RATE_LIMITS.documentLookup;
    for (let request = 1; request <= max; request++) {
      expect((await lookup('192.0.2.50', request)).statusCode).toBe(200);
    }
    const refused = await lookup('192.0.2.50', 0);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: rateLimitMessage });
    expect((await lookup('192.0.2.51', 0)).statusCode).toBe(200);
  }, 120_000);

  it(`hashes at most ${PASSWORD_HASH_CONCURRENCY} passwords at once; the others wait their turn`, async () => {
    // Each hash holds its slot until all 8 logins have asked for one, so the test does not
    // depend on the logins' database reads overlapping: on a loaded machine they arrived
    // one by one and each ~3 ms hash finished before the next asked (CI, stop 46).
    const logins = 8;
    // An unknown e-mail is checked against a dummy hash made by the first such login; make
    // it now, so that each login below asks the queue for exactly one hash.
    await ctx.request({
      method: 'POST',
      url: '/api/login',
      body: { email: uniqueEmail('cola'), password: 'Incorrecta1' },
      remoteAddress: '192.0.2.199',
    });
    let running = 0;
    let asked = 0;
    let waited = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const run = passwordQueue.run.bind(passwordQueue);
    const spy = vi.spyOn(passwordQueue, 'run').mockImplementation(((
      task: () => Promise<unknown>,
    ) => {
      if (passwordQueue.stats().running >= PASSWORD_HASH_CONCURRENCY) waited += 1;
      asked += 1;
      if (asked === logins) openGate();
      return run(async () => {
        running = Math.max(running, passwordQueue.stats().running);
        await gate;
        return task();
      });
    }) as typeof passwordQueue.run);
    try {
      const responses = await Promise.all(
        Array.from({ length: logins }, (_, index) =>
          ctx.request({
            method: 'POST',
            url: '/api/login',
            body: { email: uniqueEmail('cola'), password: 'Incorrecta1' },
            remoteAddress: `192.0.2.${200 + index}`,
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(logins).fill(401));
    } finally {
      spy.mockRestore();
    }
    expect(PASSWORD_HASH_CONCURRENCY).toBeLessThanOrEqual(4);
    expect(asked).toBe(logins);
    expect(running).toBe(PASSWORD_HASH_CONCURRENCY);
    expect(waited).toBe(logins - PASSWORD_HASH_CONCURRENCY);
  });
});
