import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { users } from '../../server/db/schema/users';
import { type TestContext, describeEachDatabase, login, registerUser } from './support/test-app';

function me(ctx: TestContext, token: string) {
  return ctx.request({ method: 'GET', url: '/api/user', token });
}

/** A token signed with the app's own key, with the claims a test chooses. */
async function forge(ctx: TestContext, userId: number, claims: { exp?: boolean; jti?: boolean }) {
  const [row] = await ctx.db
    .select({ tv: users.tokenVersion })
    .from(users)
    .where(eq(users.id, userId));
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const jwt = new SignJWT({ tv: row!.tv })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(now);
  if (claims.exp) jwt.setExpirationTime(now + 3600);
  if (claims.jti) jwt.setJti(randomUUID());
  return jwt.sign(ctx.config.jwtSecret);
}

describeEachDatabase('auth: sessions end when the user ends them', (ctx) => {
  it('refuses a token after POST /api/logout, even one the server verified just before', async () => {
    const { token, email, password } = await registerUser(ctx);
    const other = (await login(ctx, email, password)).json<{ token: string }>().token;
    expect((await me(ctx, token)).statusCode).toBe(200);

    const logout = await ctx.request({ method: 'POST', url: '/api/logout', token });
    expect(logout.statusCode).toBe(204);

    expect((await me(ctx, token)).statusCode).toBe(401);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/user/permissions', token })).statusCode,
    ).toBe(401);
    // Only that session ended: the other device goes on.
    expect((await me(ctx, other)).statusCode).toBe(200);
  });

  it('still refuses the revoked token after a restart (a new app on the same database)', async () => {
    const { token } = await registerUser(ctx);
    await ctx.request({ method: 'POST', url: '/api/logout', token });

    const restarted = buildApp({
      db: ctx.handle,
      config: ctx.config,
      clock: ctx.clock,
      mailer: ctx.mailer,
      storage: ctx.storage,
    });
    try {
      const response = await restarted.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await restarted.close();
    }
  });

  it('refuses a correctly signed token without exp or without jti', async () => {
    const { id } = await registerUser(ctx);
    expect((await me(ctx, await forge(ctx, id, { exp: true, jti: true }))).statusCode).toBe(200);
    expect((await me(ctx, await forge(ctx, id, { exp: false, jti: true }))).statusCode).toBe(401);
    expect((await me(ctx, await forge(ctx, id, { exp: true, jti: false }))).statusCode).toBe(401);
  });

  it('logs out everywhere: every token of the user stops working, a new login works', async () => {
    const { token, email, password } = await registerUser(ctx);
    const other = (await login(ctx, email, password)).json<{ token: string }>().token;
    const stranger = await registerUser(ctx);

    const response = await ctx.request({ method: 'POST', url: '/api/logout-all', token });

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await me(ctx, token)).statusCode).toBe(401);
    expect((await me(ctx, other)).statusCode).toBe(401);
    expect((await me(ctx, stranger.token)).statusCode).toBe(200);
    const again = (await login(ctx, email, password)).json<{ token: string }>().token;
    expect((await me(ctx, again)).statusCode).toBe(200);
  });

  it('refuses logout everywhere without a valid session', async () => {
    expect((await ctx.request({ method: 'POST', url: '/api/logout-all' })).statusCode).toBe(401);
    const { token } = await registerUser(ctx);
    await ctx.request({ method: 'POST', url: '/api/logout', token });
    expect((await ctx.request({ method: 'POST', url: '/api/logout-all', token })).statusCode).toBe(
      401,
    );
  });

  it('answers logout with a malformed or foreign token with 204 and changes nothing', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/logout',
      token: 'no.es.token',
    });
    expect(response.statusCode).toBe(204);
  });
});
