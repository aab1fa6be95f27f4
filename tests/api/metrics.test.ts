import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import { poolStatsReader } from '../../server/db/pool';
import { bearerMatches } from '../../server/features/metrics/metrics.routes';
import { type AppMetrics, createAppMetrics } from '../../server/lib/metrics';
import {
  FakeClock,
  MemoryMailer,
  MemoryStorage,
  type TestContext,
  describeEachDatabase,
  testConfig,
} from './support/test-app';

/*
 * Issue #36 item 4: Prometheus metrics at GET /metrics (outside /api), closed unless
 * METRICS_TOKEN is set and then only for its bearer; requests counted by route pattern,
 * mail outcomes, the queue's figures, the PostgreSQL pool and the process.
 */

const TOKEN = 'prometheus-scrape-token-0123456789';
const spaDir = mkdtempSync(path.join(os.tmpdir(), 'gd-metrics-spa-'));
writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
afterAll(() => rmSync(spaDir, { recursive: true, force: true }));

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(
  ctx: TestContext,
  options: { config?: Partial<AppConfig>; metrics?: AppMetrics; lines?: string[] } = {},
): Promise<FastifyInstance> {
  const { lines } = options;
  const app = buildApp({
    db: ctx.handle,
    config: testConfig({ staticDir: spaDir, ...options.config }),
    clock: new FakeClock(),
    mailer: new MemoryMailer(),
    storage: new MemoryStorage(),
    metrics: options.metrics,
    logger: lines && { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
  apps.push(app);
  await app.ready();
  return app;
}

const scrape = (app: FastifyInstance, token = TOKEN) =>
  app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

/** The sample lines of metric `name` in a scrape. */
const samples = (text: string, name: string) =>
  text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

describeEachDatabase('Prometheus metrics at /metrics', (ctx) => {
  it('answers 404 JSON, not the SPA, while METRICS_TOKEN is unset', async () => {
    const app = await appWith(ctx);

    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
    }
  });

  it('refuses a missing or wrong token with 401', async () => {
    const app = await appWith(ctx, { config: { metricsToken: TOKEN } });

    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json()).toEqual({ message: 'No autenticado' });
    for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), 'otra-cosa']) {
      expect((await scrape(app, wrong)).statusCode, wrong).toBe(401);
    }
    const basic = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('answers the text format to the right token, with the security headers and no cache', async () => {
    const app = await appWith(ctx, { config: { metricsToken: TOKEN } });

    const response = await scrape(app);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('# TYPE http_requests_total counter');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(samples(response.body, 'process_cpu_user_seconds_total')).toHaveLength(1);
  });

  it('labels a request by its route pattern, never by the ids in its URL', async () => {
    const app = await appWith(ctx, { config: { metricsToken: TOKEN } });
    await app.inject({ method: 'GET', url: '/api/pla_club_teams/98765/players' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/no-existe-4242' });

    const text = (await scrape(app)).body;
    expect(samples(text, 'http_requests_total')).toEqual(
      expect.arrayContaining([
        'http_requests_total{method="GET",route="/api/pla_club_teams/:id/players",status_code="401"} 1',
        'http_requests_total{method="GET",route="/api/health",status_code="200"} 2',
        'http_requests_total{method="GET",route="unmatched",status_code="404"} 1',
      ]),
    );
    expect(
      samples(text, 'http_request_duration_seconds_count').filter((line) =>
        line.includes('route="/api/health"'),
      ),
    ).toEqual([
      'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"} 2',
    ]);
    // In no label (a value such as a heap size may hold the same digits).
    const labels = text.match(/\{[^}]*\}/g) ?? [];
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((set) => set.includes('98765') || set.includes('4242'))).toEqual([]);
  });

  it('counts mail outcomes and the queue figures it is given, zero before any mail', async () => {
    const metrics = createAppMetrics({ poolStats: poolStatsReader(ctx.handle) });
    const app = await appWith(ctx, { config: { metricsToken: TOKEN }, metrics });

    const before = (await scrape(app)).body;
    expect(samples(before, 'mail_deliveries_total').sort()).toEqual([
      'mail_deliveries_total{outcome="failed"} 0',
      'mail_deliveries_total{outcome="sent"} 0',
    ]);

    metrics.mailDelivered('sent');
    metrics.mailDelivered('sent');
    metrics.mailDelivered('failed');
    metrics.queueJobFailed('mail');
    metrics.addCollector(() => metrics.setQueueJobs('mail', 'retry', 3));
    const after = (await scrape(app)).body;
    expect(samples(after, 'mail_deliveries_total').sort()).toEqual([
      'mail_deliveries_total{outcome="failed"} 1',
      'mail_deliveries_total{outcome="sent"} 2',
    ]);
    expect(samples(after, 'queue_failures_total')).toEqual([
      'queue_failures_total{queue="mail"} 1',
    ]);
    expect(samples(after, 'queue_jobs')).toEqual(['queue_jobs{queue="mail",state="retry"} 3']);
  });

  it('scrapes on when a collector fails', async () => {
    const metrics = createAppMetrics();
    metrics.addCollector(() => {
      throw new Error('queue unreachable');
    });
    const app = await appWith(ctx, { config: { metricsToken: TOKEN }, metrics });

    expect((await scrape(app)).statusCode).toBe(200);
  });

  it('reports the PostgreSQL pools, the main one and the read-only one (none on PGlite)', async () => {
    const app = await appWith(ctx, { config: { metricsToken: TOKEN } });
    // A query just before on each pool: each keeps that connection open (idle) for a while.
    await app.inject({ method: 'GET', url: '/api/health' });
    await ctx.handle.preparedByText.execute(sql`select ${1}::int`);

    const text = (await scrape(app)).body;
    const pool = [
      'db_pool_connections',
      'db_pool_idle_connections',
      'db_pool_waiting_requests',
    ].flatMap((name) => samples(text, name));
    if (ctx.driver === 'postgres') {
      expect(pool).toHaveLength(6);
      for (const name of ['main', 'reads']) {
        const [open] = samples(text, 'db_pool_connections').filter((line) =>
          line.startsWith(`db_pool_connections{pool="${name}"}`),
        );
        expect(Number(open?.split(' ')[1]), name).toBeGreaterThan(0);
      }
    } else {
      expect(pool).toEqual([]);
    }
  });

  it('keeps the token out of the request log', async () => {
    const lines: string[] = [];
    const app = await appWith(ctx, { config: { metricsToken: TOKEN }, lines });
    await scrape(app);
    await scrape(app, `${TOKEN}-wrong`);

    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(TOKEN.slice(0, 12));
  });

  it('stays out of the OpenAPI document', async () => {
    const app = await appWith(ctx, { config: { metricsToken: TOKEN } });
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();

    expect(document.paths['/api/health/ready']).toBeDefined();
    expect(document.paths['/metrics']).toBeUndefined();
  });
});

describe('bearerMatches', () => {
  it('accepts only `Bearer <token>` with the exact token', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} `, TOKEN)).toBe(false);
  });
});
