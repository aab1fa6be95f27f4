import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { authMessages } from '../../contract/auth.schema';
import { passwordResetTokens } from '../../server/db/schema/auth';
import { emailOutbox } from '../../server/db/schema/mail';
import {
  type TestContext,
  describeEachDatabase,
  login,
  registerUser,
  resetLinkFrom,
  uniqueEmail,
} from './support/test-app';

const NEW_PASSWORD = 'NuevaClave2025';

async function forgot(ctx: TestContext, email: string) {
  return ctx.request({ method: 'POST', url: '/api/forgot-password', body: { email } });
}

async function reset(ctx: TestContext, body: { token: string; email: string; password?: string }) {
  const password = body.password ?? NEW_PASSWORD;
  return ctx.request({
    method: 'POST',
    url: '/api/reset-password',
    body: { token: body.token, email: body.email, password, password_confirmation: password },
  });
}

/** Waits until `email` has received `count` mails (the reset work runs after the answer). */
async function mailsTo(ctx: TestContext, email: string, count: number) {
  await expect.poll(() => ctx.mailer.to(email).length).toBe(count);
  return ctx.mailer.to(email);
}

/** Asks for a reset link and returns the token from the e-mail. */
async function requestLink(ctx: TestContext, email: string): Promise<string> {
  const before = ctx.mailer.to(email).length;
  expect((await forgot(ctx, email)).statusCode).toBe(200);
  const mail = (await mailsTo(ctx, email, before + 1)).at(-1)!;
  return resetLinkFrom(mail.text).token;
}

const invalidToken = {
  message: authMessages.invalidResetToken,
  errors: [{ path: 'token', message: authMessages.invalidResetToken }],
};

describeEachDatabase('auth: forgotten password', (ctx) => {
  // The lock needs a second connection: PGlite has one, which the per-IP rate limit's
  // count (a row of rate_limit_hits, the same for every e-mail) takes before the answer.
  it.skipIf(ctx.driver === 'pglite')(
    'answers a known and an unknown e-mail without reading the users first (same work before the answer)',
    async () => {
      const { email } = await registerUser(ctx);
      const unknown = uniqueEmail('desconocido');
      const answered = await ctx.db.transaction(async (tx) => {
        // Holds the users table: a handler that looks the account up before answering waits.
        await tx.execute(sql`lock table users in access exclusive mode`);
        const both = Promise.all([forgot(ctx, email), forgot(ctx, unknown)]);
        const timeout = new Promise<'waited'>((resolve) => setTimeout(resolve, 2000, 'waited'));
        const outcome = await Promise.race([both, timeout]);
        return outcome === 'waited' ? outcome : outcome.map((response) => response.statusCode);
      });

      expect(answered).toEqual([200, 200]);
      // The lock released, the queued work sends the known account its link.
      await mailsTo(ctx, email, 1);
      expect(ctx.mailer.to(unknown)).toHaveLength(0);
    },
  );

  it('answers the same 200 body for a registered and an unknown e-mail', async () => {
    const { email } = await registerUser(ctx);
    const known = await forgot(ctx, email);
    const unknown = await forgot(ctx, uniqueEmail('desconocido'));

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: authMessages.forgotPasswordSent });
    expect(unknown.body).toBe(known.body);
  });

  it('writes a Spanish outbox e-mail with the URL-encoded reset link, and sends nothing for an unknown e-mail', async () => {
    const { email } = await registerUser(ctx, { name: 'Íñigo' });
    const unknown = uniqueEmail('fantasma');
    // Resets are handled in order: once the known one is sent, the unknown one was done.
    await forgot(ctx, unknown);
    await forgot(ctx, email.toUpperCase());
    await mailsTo(ctx, email, 1);

    const rows = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subject).toBe('Restablece tu contraseña de Gestión deportiva');
    expect(rows[0]?.text).toContain('Hola Íñigo');
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, unknown))).toHaveLength(
      0,
    );

    const mail = ctx.mailer.lastTo(email);
    expect(mail?.id).toBe(rows[0]?.id);
    const link = resetLinkFrom(mail!.text);
    expect(link.url.origin + link.url.pathname).toBe('http://app.test/reset-password');
    expect(link.email).toBe(email);
    expect(mail!.text).toContain(`email=${encodeURIComponent(email)}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.html).toContain('Restablecer mi contraseña');
    expect(ctx.mailer.to(unknown)).toHaveLength(0);
  });

  it('stores only the sha256 of the token, valid for 60 minutes', async () => {
    const { email, id } = await registerUser(ctx);
    const token = await requestLink(ctx, email);
    const [row] = await ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, id));

    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);
  });

  it('marks the outbox row sent once the mailer took it', async () => {
    const { email } = await registerUser(ctx);
    await forgot(ctx, email);
    await expect
      .poll(
        async () =>
          (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email)))[0]?.status,
      )
      .toBe('sent');
  });

  it('records a failed delivery on the outbox row and still answers 200', async () => {
    const { email } = await registerUser(ctx);
    ctx.mailer.failWith = new Error('SMTP caído');
    try {
      expect((await forgot(ctx, email)).statusCode).toBe(200);
      await expect
        .poll(
          async () => (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email)))[0],
        )
        .toMatchObject({ status: 'failed', error: 'SMTP caído' });
    } finally {
      ctx.mailer.failWith = undefined;
    }
  });

  it('sends at most 3 reset e-mails per account in 15 minutes, answering the same each time', async () => {
    const { email } = await registerUser(ctx);
    for (let request = 1; request <= 5; request++) {
      const response = await forgot(ctx, email);
      expect(response.json()).toEqual({ message: authMessages.forgotPasswordSent });
    }
    await mailsTo(ctx, email, 3);
    ctx.clock.advanceMinutes(16);
    await forgot(ctx, email);
    await mailsTo(ctx, email, 4);
  });
});

describeEachDatabase('auth: reset password', (ctx) => {
  it('sets the new password once: login works with it, not with the old one; the link cannot be reused', async () => {
    const { email, password } = await registerUser(ctx);
    const token = await requestLink(ctx, email);

    const first = await reset(ctx, { token, email });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: authMessages.passwordReset });

    expect((await login(ctx, email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(ctx, email, password)).statusCode).toBe(401);

    const second = await reset(ctx, { token, email, password: 'OtraClave99' });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual(invalidToken);
  });

  it('ends earlier sessions: the old token gets 401, a new login works', async () => {
    const { email, token: oldSession } = await registerUser(ctx);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/user', token: oldSession })).statusCode,
    ).toBe(200);

    await reset(ctx, { token: await requestLink(ctx, email), email });

    const stale = await ctx.request({ method: 'GET', url: '/api/user', token: oldSession });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: authMessages.unauthenticated });
    const fresh = (await login(ctx, email, NEW_PASSWORD)).json<{ token: string }>().token;
    expect((await ctx.request({ method: 'GET', url: '/api/user', token: fresh })).statusCode).toBe(
      200,
    );
  });

  it('refuses a link older than 60 minutes', async () => {
    const { email, password } = await registerUser(ctx);
    const token = await requestLink(ctx, email);
    ctx.clock.advanceMinutes(60);

    const response = await reset(ctx, { token, email });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(invalidToken);
    expect((await login(ctx, email, password)).statusCode).toBe(200);
  });

  it('accepts a link used just before it expires', async () => {
    const { email } = await registerUser(ctx);
    const token = await requestLink(ctx, email);
    ctx.clock.advanceMinutes(59);
    expect((await reset(ctx, { token, email })).statusCode).toBe(200);
  });

  it('binds the link to its e-mail: another account cannot use it', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const token = await requestLink(ctx, owner.email);

    expect((await reset(ctx, { token, email: other.email })).json()).toEqual(invalidToken);
    expect((await login(ctx, other.email, other.password)).statusCode).toBe(200);
    // The e-mail in any case is the same account.
    expect((await reset(ctx, { token, email: owner.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const { email } = await registerUser(ctx);
    const response = await reset(ctx, { token: 'no-es-un-token', email });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(invalidToken);
  });

  it('voids the other open links of the account once one is used', async () => {
    const { email } = await registerUser(ctx);
    const firstLink = await requestLink(ctx, email);
    const secondLink = await requestLink(ctx, email);

    expect((await reset(ctx, { token: secondLink, email })).statusCode).toBe(200);
    expect((await reset(ctx, { token: firstLink, email, password: 'Tercera333' })).statusCode).toBe(
      422,
    );
  });

  it('clears the failed logins of the account, so a locked-out owner can get back in', async () => {
    const { email } = await registerUser(ctx);
    for (let attempt = 1; attempt <= 10; attempt++) await login(ctx, email, 'Incorrecta1');
    expect((await login(ctx, email, 'Incorrecta1')).statusCode).toBe(429);

    await reset(ctx, { token: await requestLink(ctx, email), email });
    expect((await login(ctx, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('applies the password rules and the confirmation to the new password', async () => {
    const { email } = await registerUser(ctx);
    const token = await requestLink(ctx, email);
    const weak = await reset(ctx, { token, email, password: 'corta' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toContainEqual({
      path: 'password',
      message: 'La contraseña debe tener al menos 8 caracteres',
    });

    const mismatch = await ctx.request({
      method: 'POST',
      url: '/api/reset-password',
      body: { token, email, password: NEW_PASSWORD, password_confirmation: 'Distinta123' },
    });
    expect(mismatch.json().errors).toEqual([
      { path: 'password_confirmation', message: 'Las contraseñas no coinciden' },
    ]);
    // The refused attempts did not use the link up.
    expect((await reset(ctx, { token, email })).statusCode).toBe(200);
  });
});
