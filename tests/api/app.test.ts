import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import {
  FakeClock,
  MemoryMailer,
  describeEachDatabase,
  testConfig,
  testOnlyAccessRows,
} from './support/test-app';

const spaDir = mkdtempSync(path.join(os.tmpdir(), 'gd-spa-'));
writeFileSync(
  path.join(spaDir, 'index.html'),
  '<!doctype html><title>Gestión deportiva</title><div id="root"></div>',
);
mkdirSync(path.join(spaDir, 'assets'));
writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js'), 'console.log("hola");');
afterAll(() => rmSync(spaDir, { recursive: true, force: true }));

describeEachDatabase(
  'the app shell',
  (ctx) => {
    it('GET /api/health answers ok without naming the database driver', async () => {
      const response = await ctx.request({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it.each([
      ['GET', '/api/health'],
      ['GET', '/api/user'],
      ['GET', '/api/no-existe'],
      ['POST', '/api/login'],
    ] as const)('answers %s %s with Cache-Control: no-store', async (method, url) => {
      const response = await ctx.request({ method, url, body: method === 'POST' ? {} : undefined });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('leaves the SPA and its assets cacheable', async () => {
      const page = await ctx.request({ method: 'GET', url: '/login' });
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await ctx.request({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
    });

    it.each([
      ['GET', '/api/no-existe'],
      ['POST', '/api/no-existe'],
      ['GET', '/api'],
      ['GET', '/api/'],
      ['DELETE', '/api/user'],
      ['GET', '/api/no-existe?x=1'],
    ] as const)('answers %s %s with 404 JSON in Spanish', async (method, url) => {
      const response = await ctx.request({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
    });

    it.each([
      '/',
      '/login',
      '/home/dashboard',
      '/reset-password?token=abc&email=a%40b.co',
      '/home/players/12',
    ])('serves the SPA index.html for GET %s', async (url) => {
      const response = await ctx.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('answers HEAD on a page path with the SPA headers', async () => {
      const response = await ctx.request({ method: 'HEAD', url: '/home/calendar' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
    });

    it('serves built assets with a long cache', async () => {
      const response = await ctx.request({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('console.log("hola");');
      expect(response.headers['cache-control']).toContain('immutable');
    });

    it('answers a page path with a method other than GET/HEAD with 404 JSON', async () => {
      const response = await ctx.request({ method: 'POST', url: '/login' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
    });

    it('sends a CSP the SPA satisfies, and the other helmet headers', async () => {
      const response = await ctx.request({ method: 'GET', url: '/' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('serves the OpenAPI UI at /api/docs and a document with the auth routes', async () => {
      const ui = await ctx.request({ method: 'GET', url: '/api/docs/' });
      expect(ui.statusCode).toBe(200);
      expect(ui.headers['content-type']).toMatch(/text\/html/);

      const doc = await ctx.request({ method: 'GET', url: '/api/docs/json' });
      expect(doc.statusCode).toBe(200);
      const openapi = doc.json<{
        paths: Record<string, Record<string, { requestBody?: unknown }>>;
      }>();
      for (const route of [
        '/api/register',
        '/api/login',
        '/api/logout',
        '/api/forgot-password',
        '/api/reset-password',
      ]) {
        expect(openapi.paths[route]?.post).toBeDefined();
      }
      expect(openapi.paths['/api/register']?.post?.requestBody).toBeDefined();
      expect(openapi.paths['/api/user']?.get).toBeDefined();
      expect(openapi.paths['/api/health']?.get).toBeDefined();
    });

    it('answers an unexpected error with a generic 500 and keeps the details out of the response', async () => {
      const app = buildApp({
        db: ctx.handle,
        config: testConfig(),
        clock: new FakeClock(),
        mailer: new MemoryMailer(),
        extraAccessRows: testOnlyAccessRows('GET /api/explota', 'GET /api/sql-roto'),
      });
      app.get('/api/explota', async () => {
        throw new Error('detalle secreto del servidor');
      });
      app.get('/api/sql-roto', async () => ctx.db.execute(sql`select * from tabla_que_no_existe`));
      try {
        for (const url of ['/api/explota', '/api/sql-roto']) {
          const response = await app.inject({ method: 'GET', url });
          expect(response.statusCode).toBe(500);
          expect(response.json()).toEqual({ message: 'Error interno del servidor' });
          expect(response.body).not.toMatch(/secreto|tabla_que_no_existe|select/i);
        }
      } finally {
        await app.close();
      }
    });
  },
  { config: { staticDir: spaDir } },
);

describeEachDatabase('the app without a built SPA', (ctx) => {
  it('answers page paths with 404 JSON when dist/ has no index.html', async () => {
    const response = await ctx.request({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
  });
});
