import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { SECRET_PARAMS, safeUrl } from '../../server/lib/log-safety';
import { type PublicDoors, clubWithPublicDoors } from './support/public-doors';
import { MemoryMailer, describeEachDatabase, testConfig } from './support/test-app';

/*
 * Issue #33 item 5: no secret path parameter reaches the request log. The route table is
 * walked for every route with a secret parameter (a `:token`, or one the route declares
 * in `config.secretParams`); each is requested with its live token and with variants that
 * stop a pattern from recognising it, and the log holds neither the token nor its start.
 */

interface SecretRoute {
  method: string;
  url: string;
  secrets: string[];
}

const paramsOf = (pattern: string) => [...pattern.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

describeEachDatabase('Secret path parameters in the request log', (ctx) => {
  let app: FastifyInstance;
  let doors: PublicDoors;
  const lines: string[] = [];
  const routes: SecretRoute[] = [];

  beforeAll(async () => {
    doors = await clubWithPublicDoors(ctx);
    app = buildApp({
      db: ctx.handle,
      config: testConfig(),
      clock: ctx.clock,
      mailer: new MemoryMailer(),
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    app.addHook('onRoute', (route) => {
      const declared = [...SECRET_PARAMS, ...(route.config?.secretParams ?? [])];
      const secrets = paramsOf(route.url).filter((name) => declared.includes(name));
      if (secrets.length === 0) return;
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, secrets });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The live token a route's door opens with (a fresh one for a door the fixture lacks). */
  const tokenFor = (pattern: string): string => {
    if (pattern.startsWith('/api/public/receipts/')) return doors.tokens.receipt;
    if (pattern.startsWith('/api/calendar-feeds/')) return doors.tokens.feed;
    if (pattern.startsWith('/api/invitations/')) return doors.tokens.invitation;
    if (pattern.startsWith('/api/parents/register/')) return doors.tokens.guardian;
    return randomBytes(32).toString('base64url');
  };

  it('finds the public-token routes in the route table', () => {
    const found = routes.map((route) => `${route.method} ${route.url}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/public/receipts/:token',
        'GET /api/calendar-feeds/:token.ics',
        'GET /api/invitations/:token',
        'POST /api/invitations/:token/accept',
        'POST /api/invitations/:token/reject',
        'POST /api/parents/register/:token',
      ]),
    );
  });

  it('logs no token of any secret route, whatever follows it', async () => {
    // Safe variants first: the live token must still open its door afterwards elsewhere.
    const variants = (token: string) => [
      token,
      `${token}%20`,
      `${token}.pdf`,
      `${token}x`,
      token.toUpperCase(),
      `${token}/`,
      `${token}.pdf/`,
    ];
    const checked: string[] = [];
    for (const route of routes) {
      if (route.method === 'HEAD') continue;
      const token = tokenFor(route.url);
      for (const variant of variants(token)) {
        lines.length = 0;
        const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) =>
          route.secrets.includes(name) ? variant : '1',
        );
        const response = await app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        expect(response.statusCode, url).toBeLessThan(500);
        const text = lines.join('');
        expect(text, url).toContain('incoming request');
        for (const secret of [token, token.toUpperCase()]) {
          expect(text, url).not.toContain(secret.slice(0, 12));
          expect(text, url).not.toContain(encodeURIComponent(secret).slice(0, 12));
        }
        checked.push(url);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(6 * 7);
  });

  it('prints the route pattern with the secret masked', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: `/api/calendar-feeds/${doors.tokens.feed}.ics` });
    await app.inject({ method: 'GET', url: `/api/public/receipts/${doors.tokens.receipt}` });
    const text = lines.join('');
    expect(text).toContain('"url":"/api/calendar-feeds/[redactado].ics"');
    expect(text).toContain('"url":"/api/public/receipts/[redactado]"');
  });

  it('masks every segment of an unknown path that is not a plain id', () => {
    expect(safeUrl('/api/public/receipts/abc.pdf/')).toBe('/api/public/[redactado]/[redactado]/');
    expect(safeUrl('/api/no-existe/12/abc?x=1')).toBe(
      '/api/no-existe/12/[redactado]?x=[redactado]',
    );
    expect(safeUrl('/invitation/abcdef')).toBe('/invitation/[redactado]');
  });
});
