import { readFileSync } from 'node:fs';
import { desc } from 'drizzle-orm';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { platformMessages } from '../../contract/platform.schema';
import { platformHealthSchema } from '../../contract/platform-health.schema';
import { buildApp } from '../../server/app';
import { emailOutbox } from '../../server/db/schema/mail';
import { serverErrors } from '../../server/db/schema/platform';
import { recordJobRun } from '../../server/features/platform-health/job-runs';
import { runPaymentReminders } from '../../server/features/notifications/payment-reminders.job';
import { errorHandler } from '../../server/lib/error-handler';
import { superAdmin } from './support/clubs';
import {
  type TestContext,
  describeEachDatabase,
  registerUser,
  testOnlyAccessRows,
} from './support/test-app';

const version = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const health = async (ctx: TestContext, token: string) => {
  const response = await ctx.request({ method: 'GET', url: '/api/admin/platform-health', token });
  expect(response.statusCode, response.body).toBe(200);
  return platformHealthSchema.parse(response.json<{ data: unknown }>().data);
};

const quiet = { info: () => undefined, error: () => undefined };

/** The server_errors rows, once the fire-and-forget insert has landed (at most ~2 s). */
async function errorsAfter(ctx: TestContext, count: number) {
  for (let i = 0; i < 100; i++) {
    const rows = await ctx.db.select().from(serverErrors).orderBy(desc(serverErrors.id));
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server error was never recorded');
}

describeEachDatabase('Platform health API', (ctx) => {
  it('tells the version, the database, the outbox queue and the jobs to the super admin', async () => {
    ctx.clock.set(new Date('2026-05-04T12:00:00Z'));
    const admin = await superAdmin(ctx);
    const before = await health(ctx, admin.token);
    expect(before.version).toBe(version);
    expect(before.database.kind).toBe(ctx.driver);
    expect(before.database.size_bytes).toBeGreaterThan(1_000_000);
    expect(before.checked_at).toBe('2026-05-04T12:00:00.000Z');

    const mail = { to: 'x@prueba.test', subject: 'Hola', text: 't', html: '<p>t</p>' };
    await ctx.db.insert(emailOutbox).values([
      { ...mail, status: 'pending', createdAt: new Date('2026-05-04T09:00:00Z') },
      { ...mail, status: 'pending', createdAt: new Date('2026-05-04T11:59:00Z') },
      { ...mail, status: 'failed', createdAt: new Date('2026-05-04T10:00:00Z') },
    ]);
    const after = await health(ctx, admin.token);
    expect(after.outbox.pending).toBe(before.outbox.pending + 2);
    expect(after.outbox.failed).toBe(before.outbox.failed + 1);
    // The oldest pending e-mail waited three hours.
    expect(after.outbox.oldest_pending_age_seconds).toBe(3 * 60 * 60);
  });

  it('records each job run: started, finished, outcome and summary', async () => {
    const admin = await superAdmin(ctx);
    ctx.clock.set(new Date('2026-05-04T13:00:00Z'));
    const runs = await runPaymentReminders({
      db: ctx.db,
      clock: ctx.clock,
      log: quiet,
      notifier: {
        mailCreated: async () => ({ mails: [], dispatch: () => undefined }),
        mailAddresses: async () => ({ mails: [], dispatch: () => undefined }),
      },
    });
    expect(runs).toEqual([]);
    await expect(
      recordJobRun(ctx.db, 'test-job', () => Promise.reject(new Error('sin conexión')), {
        clock: ctx.clock,
      }),
    ).rejects.toThrow('sin conexión');

    const { jobs } = await health(ctx, admin.token);
    expect(jobs.find((job) => job.job === 'payment-reminders')).toEqual({
      job: 'payment-reminders',
      started_at: '2026-05-04T13:00:00.000Z',
      finished_at: '2026-05-04T13:00:00.000Z',
      outcome: 'ok',
      summary: { clubs: 0, created: 0 },
    });
    expect(jobs.find((job) => job.job === 'test-job')).toMatchObject({
      outcome: 'failed',
      summary: { error: 'sin conexión' },
    });
  });

  it('records a 500 with its route pattern, never the URL values or the body', async () => {
    const admin = await superAdmin(ctx);
    ctx.clock.set(new Date('2026-05-04T14:00:00Z'));
    const app = buildApp({
      db: ctx.handle,
      config: ctx.config,
      clock: ctx.clock,
      mailer: ctx.mailer,
      extraAccessRows: testOnlyAccessRows('POST /api/test-boom/:token', 'GET /api/test-refused'),
    });
    app.post('/api/test-boom/:token', async () => {
      throw new Error('Fallo interno de prueba');
    });
    app.get('/api/test-refused', async () => {
      const error = new Error('no') as Error & { statusCode: number };
      error.statusCode = 409;
      throw error;
    });
    await app.ready();
    try {
      const countBefore = (await ctx.db.select().from(serverErrors)).length;
      const refused = await app.inject({ method: 'GET', url: '/api/test-refused' });
      expect(refused.statusCode).toBe(409);
      const response = await app.inject({
        method: 'POST',
        url: '/api/test-boom/tok-secreto-123?clave=valor-oculto',
        payload: { password: 'cuerpo-secreto' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Error interno del servidor' });

      const rows = await errorsAfter(ctx, countBefore + 1);
      expect(rows.length).toBe(countBefore + 1);
      expect(rows[0]).toMatchObject({
        method: 'POST',
        route: '/api/test-boom/:token',
        statusCode: 500,
        message: 'Fallo interno de prueba',
      });
      expect(JSON.stringify(rows[0])).not.toMatch(/tok-secreto|valor-oculto|cuerpo-secreto/);

      const { errors } = await health(ctx, admin.token);
      expect(errors.last_24h).toBe(countBefore + 1);
      expect(errors.recent[0]).toMatchObject({ route: '/api/test-boom/:token', status_code: 500 });
    } finally {
      await app.close();
    }
  });

  it('refuses the panel to anyone but the super admin', async () => {
    const user = await registerUser(ctx);
    const response = await ctx.request({
      method: 'GET',
      url: '/api/admin/platform-health',
      token: user.token,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: platformMessages.superAdminOnly });
  });
});

it('answers the 500 at once even when the recorder throws or never settles', async () => {
  for (const recorder of [
    () => {
      throw new Error('recorder broke');
    },
    () => Promise.reject(new Error('db down')),
    () => new Promise<void>(() => undefined),
  ]) {
    const app = Fastify();
    app.decorate('recordServerError', recorder as never);
    app.setErrorHandler(errorHandler);
    app.get('/x', async () => {
      throw new Error('boom');
    });
    const response = await app.inject({ method: 'GET', url: '/x' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Error interno del servidor' });
    await app.close();
  }
});
