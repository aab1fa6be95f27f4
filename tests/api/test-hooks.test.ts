import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import {
  testHooksEnabled,
  testHooksRoutes,
} from '../../server/features/notifications/test-hooks.routes';
import {
  bogotaMorning,
  reminderClub,
  reminderDeps,
  remindersOf,
} from './support/payment-reminders';
import { describeEachDatabase } from './support/test-app';

describe('the test hooks are offered only on purpose', () => {
  it.each([
    [{ NODE_ENV: 'test', GD_TEST_HOOKS: '1' }, true],
    [{ NODE_ENV: 'test' }, false],
    [{ NODE_ENV: 'production', GD_TEST_HOOKS: '1' }, false],
    [{ GD_TEST_HOOKS: '1' }, false],
    [{ NODE_ENV: 'development', GD_TEST_HOOKS: 'true' }, false],
  ])('%o → %s', (env, expected) => {
    expect(testHooksEnabled(env as NodeJS.ProcessEnv)).toBe(expected);
  });
});

describeEachDatabase('POST /api/test/payment-reminders', (ctx) => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function hooksApp() {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const { notifier } = reminderDeps(ctx);
    await app.register(testHooksRoutes, { prefix: '/api', db: ctx.db, notifier });
    apps.push(app);
    return app;
  }

  it('runs the reminders at the given instant, once per day however often it is called', async () => {
    const { clubId, owed } = await reminderClub(ctx, 'Club Ganchos');
    const app = await hooksApp();
    const at = bogotaMorning('2026-03-05').toISOString();
    const first = await app.inject({
      method: 'POST',
      url: '/api/test/payment-reminders',
      body: { at },
    });
    expect(first.statusCode).toBe(200);
    const club = first.json().data.find((run: { clubId: number }) => run.clubId === clubId);
    expect(club).toEqual({ clubId, today: '2026-03-05', created: owed.length });
    const again = await app.inject({
      method: 'POST',
      url: '/api/test/payment-reminders',
      body: { at },
    });
    expect(again.json().data.find((run: { clubId: number }) => run.clubId === clubId).created).toBe(
      0,
    );
    expect(await remindersOf(ctx, clubId)).toHaveLength(owed.length);
  });

  it("refuses an instant that is not ISO 8601 with a 400 naming 'at'", async () => {
    const app = await hooksApp();
    const answer = await app.inject({
      method: 'POST',
      url: '/api/test/payment-reminders',
      body: { at: 'mañana' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("'at' debe ser un instante ISO 8601");
  });
});
