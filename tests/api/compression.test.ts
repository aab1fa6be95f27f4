import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { authResponseSchema } from '../../contract/auth.schema';
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from '../../server/lib/compression';
import { demoClubId, demoEmails } from './support/demo-callers';
import { type TestContext, describeEachDatabase, login } from './support/test-app';

const DEMO_PASSWORD = 'Demo1234!';

async function tokenOf(ctx: TestContext, email: string): Promise<string> {
  const response = await login(ctx, email, DEMO_PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

describeEachDatabase(
  'JSON answers compressed per Accept-Encoding',
  (ctx) => {
    it('sends the OpenAPI document brotli or gzip, decoding to the same JSON', async () => {
      const plain = await ctx.request({ method: 'GET', url: '/api/docs/json' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const expected = plain.json<unknown>();

      const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;
      for (const [encoding, decode] of Object.entries(decoders)) {
        const response = await ctx.request({
          method: 'GET',
          url: '/api/docs/json',
          headers: { 'accept-encoding': encoding },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
        expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(expected);
      }
    });

    it('compresses a page of players and prefers br when both are accepted', async () => {
      const token = await tokenOf(ctx, demoEmails.owner);
      const url = `/api/pla_club_teams/${await demoClubId(ctx)}/players?pageSize=100`;
      const plain = await ctx.request({ method: 'GET', url, token });
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

      const response = await ctx.request({
        method: 'GET',
        url,
        token,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe(plain.headers['cache-control']);
      expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(
        plain.json(),
      );
    });

    it('sends a small JSON answer as it is', async () => {
      const response = await ctx.request({
        method: 'GET',
        url: '/api/health',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toMatchObject({ status: expect.any(String) });
    });

    it('sends a streamed CSV download as it is, whole, even to a client that accepts br', async () => {
      const token = await tokenOf(ctx, demoEmails.superAdmin);
      const url = '/api/admin/reports/users.csv';
      const plain = await ctx.request({ method: 'GET', url, token });
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

      const response = await ctx.request({
        method: 'GET',
        url,
        token,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toContain('attachment');
      expect(response.body).toBe(plain.body);
    });
  },
  { demo: true },
);

// BREACH: an answer carrying a session token is never compressed (docs/security.md).
it('never compresses an answer with a session token, whatever its size', async () => {
  const app = Fastify();
  // The rule reads which schema a route declares, not the answer: plain JSON will do.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerCompression(app);
  const session = {
    token: 'x'.repeat(COMPRESSION_THRESHOLD_BYTES * 4),
    user: { id: 1 },
  };
  // In a plugin, as the app's routes are: loaded after the compression plugin.
  app.register(async (routes) => {
    routes.get(
      '/session',
      { schema: { response: { 200: authResponseSchema } } },
      async () => session,
    );
    routes.get('/other', async () => session);
  });
  try {
    const headers = { 'accept-encoding': 'br, gzip' };
    const withToken = await app.inject({ method: 'GET', url: '/session', headers });
    expect(withToken.statusCode, withToken.body).toBe(200);
    expect(withToken.headers['content-encoding']).toBeUndefined();

    const other = await app.inject({ method: 'GET', url: '/other', headers });
    expect(other.headers['content-encoding']).toBe('br');
  } finally {
    await app.close();
  }
});
