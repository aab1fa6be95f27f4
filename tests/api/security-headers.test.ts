import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import { DOCS_CSP, HSTS } from '../../server/lib/security-headers';
import { answered, clubMethods } from './support/payment-actions';
import { getProof, postForm } from './support/payment-proofs';
import { MARCH_10, base, moneyClub } from './support/payments';
import {
  FakeClock,
  MemoryMailer,
  VALID_PASSWORD,
  describeEachDatabase,
  login,
  registerUser,
  testConfig,
} from './support/test-app';
import { png } from './support/uploads';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The built SPA's shape: Vite turns index.html's module script into a hashed file.
const spaDir = mkdtempSync(path.join(os.tmpdir(), 'gd-headers-spa-'));
writeFileSync(
  path.join(spaDir, 'index.html'),
  '<!doctype html><html lang="es"><head><script type="module" crossorigin ' +
    'src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
);
mkdirSync(path.join(spaDir, 'assets'));
writeFileSync(path.join(spaDir, 'assets', 'index-abc.js'), 'console.log("hola");');
afterAll(() => rmSync(spaDir, { recursive: true, force: true }));

/** One directive of a CSP header, e.g. `script-src` → `'self'`. */
function directive(csp: unknown, name: string): string | undefined {
  return String(csp)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);
}

/** `<script>` tags without a `src`: inline code a `script-src 'self'` would block. */
const inlineScripts = (html: string) => html.match(/<script\b(?![^>]*\ssrc=)[^>]*>/gi) ?? [];

describeEachDatabase(
  'security headers (issue #18 part 6)',
  (ctx) => {
    it.each(['/', '/login', '/home/players/12', '/api/health', '/api/no-existe'])(
      "allows only the app's own script files on %s: no inline script, no eval",
      async (url) => {
        const response = await ctx.request({ method: 'GET', url });
        const csp = response.headers['content-security-policy'];
        expect(directive(csp, 'script-src')).toBe("'self'");
        expect(directive(csp, 'default-src')).toBe("'self'");
        expect(directive(csp, 'object-src')).toBe("'none'");
        expect(String(csp)).not.toMatch(/unsafe-eval|upgrade-insecure-requests/);
      },
    );

    it('serves HTML whose scripts are all files: the SPA (its source and as served) and the OpenAPI UI', async () => {
      expect(inlineScripts(readFileSync(path.join(root, 'index.html'), 'utf8'))).toEqual([]);
      for (const url of ['/', '/api/docs/', '/api/docs/static/oauth2-redirect.html']) {
        const response = await ctx.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.body).toMatch(/<script\b[^>]*\ssrc=/);
        expect(inlineScripts(response.body), url).toEqual([]);
      }
    });

    it.each([
      '/api/docs/',
      '/api/docs',
      '/api/docs/static/swagger-initializer.js',
      '/api/docs/json',
    ])(
      'gives %s a CSP of its own: script files only, no upgrade to https, never framed',
      async (url) => {
        const response = await ctx.request({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        const csp = response.headers['content-security-policy'];
        expect(csp).toBe(DOCS_CSP);
        expect(directive(csp, 'script-src')).toBe("'self'");
        expect(directive(csp, 'frame-ancestors')).toBe("'none'");
        expect(String(csp)).not.toMatch(/upgrade-insecure-requests|https:|unsafe-eval/);
      },
    );

    it('keeps the OpenAPI CSP off every other answer', async () => {
      const response = await ctx.request({ method: 'GET', url: '/login' });
      expect(response.headers['content-security-policy']).not.toBe(DOCS_CSP);
      expect(directive(response.headers['content-security-policy'], 'form-action')).toBe("'self'");
    });

    it('sends no Strict-Transport-Security over plain HTTP, even with a forged X-Forwarded-Proto', async () => {
      for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
        for (const url of ['/', '/api/health', '/api/docs/', '/api/pla_club_teams/%FF']) {
          const response = await ctx.request({ method: 'GET', url, headers });
          expect(response.headers['strict-transport-security'], url).toBeUndefined();
        }
      }
    });

    describe('behind a proxy that TRUST_PROXY trusts', () => {
      const apps: FastifyInstance[] = [];
      const behind = async (trustProxy: AppConfig['trustProxy']) => {
        const app = buildApp({
          db: ctx.handle,
          config: testConfig({ trustProxy, staticDir: spaDir }),
          clock: new FakeClock(),
          mailer: new MemoryMailer(),
        });
        apps.push(app);
        await app.ready();
        return app;
      };
      afterAll(async () => {
        for (const app of apps) await app.close();
      });

      // Not on the 400/414 Fastify's router answers before any route (an undecodable URL):
      // it builds that request without its proxy trust, so the protocol is the socket's.
      it('sends HSTS on every answer that arrived as https, and never on http', async () => {
        const app = await behind(true);
        for (const url of ['/', '/login', '/api/health', '/api/no-existe', '/api/docs/']) {
          const https = await app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
          expect(https.headers['strict-transport-security'], url).toBe(HSTS);
          const http = await app.inject({ url, headers: { 'x-forwarded-proto': 'http' } });
          expect(http.headers['strict-transport-security'], url).toBeUndefined();
          const direct = await app.inject({ url });
          expect(direct.headers['strict-transport-security'], url).toBeUndefined();
        }
      });

      it('believes X-Forwarded-Proto only from the trusted hop or address', async () => {
        const hops = await behind(1);
        const viaHop = await hops.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
        expect(viaHop.headers['strict-transport-security']).toBe(HSTS);

        const listed = await behind('10.0.0.1');
        const forged = await listed.inject({
          url: '/',
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(forged.headers['strict-transport-security']).toBeUndefined();
        const proxied = await listed.inject({
          url: '/',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(proxied.headers['strict-transport-security']).toBe(HSTS);
      });
    });

    it('sets no cookie: sessions are bearer tokens, on register, login, the session and logout', async () => {
      const user = await registerUser(ctx);
      const signIn = await login(ctx, user.email, VALID_PASSWORD);
      expect(signIn.statusCode).toBe(200);
      const { token } = signIn.json<{ token: string }>();
      const answers = [
        signIn,
        await ctx.request({ method: 'GET', url: '/api/user', token }),
        await ctx.request({ method: 'GET', url: '/' }),
        await ctx.request({ method: 'GET', url: '/api/docs/' }),
        await ctx.request({ method: 'POST', url: '/api/logout', token }),
      ];
      for (const response of answers) expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('serves profile photos and blog covers inline with nosniff', async () => {
      const name = 'aaaaaaaaaaaaaaaaaaaaaa.webp';
      await ctx.storage.put(`photos/12-${name}`, Buffer.from('RIFF'), 'image/webp');
      await ctx.storage.put(`covers/${name}`, Buffer.from('RIFF'), 'image/webp');
      for (const url of [`/api/files/photos/12-${name}`, `/api/files/covers/${name}`]) {
        const response = await ctx.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers, url).toMatchObject({
          'content-type': 'image/webp',
          'content-disposition': 'inline',
          'x-content-type-options': 'nosniff',
        });
      }
    });

    it('serves proofs of payment inline and receipts as a named PDF, both with nosniff', async () => {
      ctx.clock.set(MARCH_10);
      const f = await moneyClub(ctx);
      const methods = await clubMethods(ctx, f.clubId);
      const paymentId = f.list[7]!.id;
      const proof = {
        filename: 'comprobante.png',
        contentType: 'image/png',
        bytes: await png(40, 20),
      };
      const fields = { amount: 80_000, payment_method_id: methods.cash, paid_on: '2026-03-09' };
      const sent = await postForm(ctx, f.juan.token, f.clubId, paymentId, fields, proof);
      const recordId = answered(sent, 201).record!.id;
      const stored = await getProof(ctx, f.owner.token, f.clubId, paymentId, recordId);
      expect(stored.statusCode).toBe(200);
      expect(stored.headers['content-disposition']).toBe('inline');
      expect(stored.headers['x-content-type-options']).toBe('nosniff');

      const receipt = await ctx.request({
        method: 'GET',
        url: `${base(f.clubId)}/payments/${f.list[1]!.id}/receipt.pdf`,
        token: f.owner.token,
      });
      expect(receipt.statusCode, receipt.body).toBe(200);
      expect(receipt.headers['content-disposition']).toMatch(
        /^attachment; filename="recibo-\d+\.pdf"$/,
      );
      expect(receipt.headers['x-content-type-options']).toBe('nosniff');
    });
  },
  { config: { staticDir: spaDir } },
);
