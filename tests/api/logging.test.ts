import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { users } from '../../server/db/schema/users';
import {
  FakeClock,
  MemoryMailer,
  describeEachDatabase,
  testConfig,
  testOnlyAccessRows,
  uniqueEmail,
} from './support/test-app';

describeEachDatabase('what the server logs', (ctx) => {
  let app: FastifyInstance;
  const lines: string[] = [];
  const logText = () => lines.join('');
  const password = `Clave-${randomBytes(6).toString('hex')}`;
  let passwordHash: string;

  beforeAll(async () => {
    passwordHash = await hashPassword(password);
    app = buildApp({
      db: ctx.handle,
      config: testConfig(),
      clock: new FakeClock(),
      mailer: new MemoryMailer(),
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      extraAccessRows: testOnlyAccessRows('POST /api/prueba-db-falla'),
    });
    // A query that fails inside the database with an e-mail and a password hash as
    // parameters, whatever the schemas accept: the NUL byte is refused by PostgreSQL.
    app.post('/api/prueba-db-falla', async (request) => {
      const { email } = request.body as { email: string };
      await ctx.db
        .insert(users)
        .values({ name: 'Ana\u0000', lastname: 'Ruiz', email, passwordHash });
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('logs a database error with its code and SQL text, never its parameters', async () => {
    const email = uniqueEmail('filtrado');
    lines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/prueba-db-falla',
      payload: { email, password },
    });

    expect(response.statusCode).toBe(500);
    const text = logText();
    expect(text).toContain('unhandled error');
    expect(text).toContain('insert into \\"users\\"');
    expect(text).toContain('"code":"22021"');
    expect(text).not.toContain(email);
    expect(text).not.toContain(password);
    expect(text).not.toContain(passwordHash);
    expect(text).not.toContain(passwordHash.slice(-20));
    expect(text).not.toMatch(/params/i);
  });

  it('keeps a sign-up with a NUL byte out of the log: no password, e-mail or hash', async () => {
    const email = uniqueEmail('registro');
    lines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Ana\u0000María',
        lastname: 'Ruiz',
        email,
        password,
        password_confirmation: password,
      },
    });

    // 500 while a NUL byte reaches the database, 400 once the schemas refuse it.
    expect([400, 500]).toContain(response.statusCode);
    const text = logText();
    expect(text).toContain('"url":"/api/register"');
    expect(text).not.toContain(email);
    expect(text).not.toContain(password);
    expect(text).not.toMatch(/scrypt|\$[0-9a-z]+\$/i);
  });

  it('redacts the authorization header, tokens in paths and query values', async () => {
    const bearer = `eyJ${randomBytes(24).toString('base64url')}`;
    const invitation = randomBytes(32).toString('base64url');
    lines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${bearer}` },
    });
    await app.inject({ method: 'GET', url: `/api/invitations/${invitation}` });
    await app.inject({ method: 'GET', url: `/api/no-existe?token=${invitation}&email=a%40b.co` });

    const text = logText();
    expect(text).toContain('incoming request');
    expect(text).not.toContain(bearer);
    expect(text).not.toContain(invitation);
    expect(text).not.toContain('a%40b.co');
    expect(text).toContain('/api/invitations/[redactado]');
  });

  it('redacts password, token and authorization fields at any depth', () => {
    lines.length = 0;
    app.log.info(
      {
        password: 'uno-secreto',
        user: { token: 'dos-secreto', nested: { authorization: 'tres-secreto' } },
        body: { data: { password_confirmation: 'cuatro-secreto' } },
      },
      'campos sensibles',
    );
    const text = logText();
    expect(text).toContain('campos sensibles');
    expect(text).not.toMatch(/uno-secreto|dos-secreto|tres-secreto|cuatro-secreto/);
  });
});
