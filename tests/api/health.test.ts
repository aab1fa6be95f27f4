import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type DbDriver, type DbHandle, openDb } from '../../server/db/client';
import {
  type ReadinessCheck,
  checkReadiness,
  notReadyMessage,
} from '../../server/features/health/health.service';
import {
  FakeClock,
  MemoryMailer,
  MemoryStorage,
  type TestContext,
  describeEachDatabase,
  testConfig,
} from './support/test-app';

/*
 * Issue #36 item 4: what a load balancer asks. GET /api/health/live answers while the
 * process runs, whatever its database does; GET /api/health/ready answers 200 only when
 * the database, the file storage and (when the server has one) the job queue answer, and
 * 503 naming what failed otherwise.
 */

/** A database of its own for one app, which the test may close: nothing is migrated. */
const openBareDb = (driver: DbDriver): Promise<DbHandle> =>
  driver === 'postgres' ? openDb({ url: process.env.TEST_DATABASE_URL }) : openDb({});

/** A storage whose ping fails, as a bucket that cannot be reached would. */
class UnreachableStorage extends MemoryStorage {
  override async ping(): Promise<void> {
    throw new Error('connect ECONNREFUSED 10.0.0.9:9000');
  }
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(
  ctx: TestContext,
  options: { handle?: DbHandle; storage?: MemoryStorage; readiness?: ReadinessCheck[] },
): Promise<FastifyInstance> {
  const app = buildApp({
    db: options.handle ?? ctx.handle,
    config: testConfig(),
    clock: new FakeClock(),
    mailer: new MemoryMailer(),
    storage: options.storage ?? new MemoryStorage(),
    readiness: options.readiness,
  });
  apps.push(app);
  await app.ready();
  return app;
}

describeEachDatabase('Health checks for a load balancer', (ctx) => {
  it('answers /api/health/live with 200, uncached', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/health/live' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers /api/health/ready with each check ok when the database and the storage answer', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/health/ready' });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', storage: 'ok' },
    });
  });

  it('answers 503 naming the database when it is closed, and stays alive', async () => {
    const handle = await openBareDb(ctx.driver);
    const app = await appWith(ctx, { handle });
    await handle.close();

    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode, ready.body).toBe(503);
    expect(ready.json()).toEqual({
      message: 'El servicio no está listo: falla la base de datos',
      checks: { database: 'failed', storage: 'ok' },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.body).not.toMatch(/closed|ended|pool|pglite/i);

    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });

  it('answers 503 naming the storage when its ping fails, without the error', async () => {
    const app = await appWith(ctx, { storage: new UnreachableStorage() });

    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'El servicio no está listo: falla el almacenamiento de archivos',
      checks: { database: 'ok', storage: 'failed' },
    });
    expect(response.body).not.toContain('ECONNREFUSED');
  });

  it('checks the queue when the server has one', async () => {
    let queueUp = true;
    const queue: ReadinessCheck = {
      name: 'queue',
      check: async () => {
        if (!queueUp) throw new Error('pg-boss is stopped');
      },
    };
    const app = await appWith(ctx, { readiness: [queue] });

    const up = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(up.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', storage: 'ok', queue: 'ok' },
    });

    queueUp = false;
    const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      message: 'El servicio no está listo: falla la cola de tareas',
      checks: { database: 'ok', storage: 'ok', queue: 'failed' },
    });
  });

  it('keeps GET /api/health as it was', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('checkReadiness', () => {
  const passing = (name: ReadinessCheck['name']): ReadinessCheck => ({
    name,
    check: async () => undefined,
  });

  it('fails a check that does not answer in time, without waiting for it', async () => {
    const hanging: ReadinessCheck = { name: 'queue', check: () => new Promise(() => undefined) };
    const started = performance.now();

    const result = await checkReadiness([passing('database'), hanging], 50);

    expect(result.checks).toEqual({ database: 'ok', queue: 'failed' });
    expect(result.failures.map(({ name }) => name)).toEqual(['queue']);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('fails a check that throws before returning a promise', async () => {
    const throwing: ReadinessCheck = {
      name: 'storage',
      check: () => {
        throw new Error('sin configurar');
      },
    };

    expect((await checkReadiness([throwing], 50)).checks).toEqual({ storage: 'failed' });
  });

  it('names every failed check in the message', () => {
    const failures = (['database', 'storage', 'queue'] as const).map((name) => ({
      name,
      error: new Error(name),
    }));
    expect(notReadyMessage(failures)).toBe(
      'El servicio no está listo: fallan la base de datos, el almacenamiento de archivos y la cola de tareas',
    );
  });
});
