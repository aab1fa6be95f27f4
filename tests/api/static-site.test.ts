import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from './support/test-app';

// A dist/ as `npm run build` leaves it: each asset with its .br and .gz copies, robots.txt
// from public/.
const asset = `console.log(${JSON.stringify('hola '.repeat(200))});`;
const spaDir = mkdtempSync(path.join(os.tmpdir(), 'gd-static-'));
writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(spaDir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
mkdirSync(path.join(spaDir, '.vite'));
writeFileSync(path.join(spaDir, '.vite', 'manifest.json'), '{"index.html":{}}');
mkdirSync(path.join(spaDir, 'assets'));
const assetFile = path.join(spaDir, 'assets', 'index-abc123.js');
writeFileSync(assetFile, asset);
writeFileSync(`${assetFile}.br`, brotliCompressSync(asset));
writeFileSync(`${assetFile}.gz`, gzipSync(asset));
// The build's 'hidden' source map, kept on disk beside its chunk.
writeFileSync(`${assetFile}.map`, '{"version":3,"sources":["src/main.tsx"]}');
afterAll(() => rmSync(spaDir, { recursive: true, force: true }));

const ASSET_URL = '/assets/index-abc123.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';

describeEachDatabase(
  'the built SPA, served pre-compressed',
  (ctx) => {
    it('sends the brotli copy to a browser that accepts br, with the immutable cache', async () => {
      const response = await ctx.request({
        method: 'GET',
        url: ASSET_URL,
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(asset);
      expect(response.rawPayload.length).toBeLessThan(asset.length / 10);
    });

    it('sends the gzip copy when the client accepts gzip but not br', async () => {
      const response = await ctx.request({
        method: 'GET',
        url: ASSET_URL,
        headers: { 'accept-encoding': 'gzip, deflate' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(gunzipSync(response.rawPayload).toString()).toBe(asset);
    });

    it('sends the file as it is when the client accepts no compression', async () => {
      const noCompression: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
      for (const headers of noCompression) {
        const response = await ctx.request({ method: 'GET', url: ASSET_URL, headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.headers['cache-control']).toBe(IMMUTABLE);
        expect(response.body).toBe(asset);
      }
    });

    it('serves /robots.txt as plain text that revalidates, not the SPA page', async () => {
      const response = await ctx.request({ method: 'GET', url: '/robots.txt' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('User-agent: *');
      expect(response.body).not.toContain('<div id="root">');
    });

    it('still answers a page path with index.html and an /api path with 404 JSON', async () => {
      const page = await ctx.request({
        method: 'GET',
        url: '/home/dashboard',
        headers: { 'accept-encoding': 'br' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root"></div>');

      // The build manifest (a dot directory) is not published.
      const manifest = await ctx.request({ method: 'GET', url: '/.vite/manifest.json' });
      expect(manifest.statusCode).toBe(404);
      expect(manifest.body).not.toContain('index.html');

      const api = await ctx.request({ method: 'GET', url: '/api/no-existe' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'Recurso no encontrado' });
    });

    it('answers a page path with index.html whatever it looks like, with or without a query', async () => {
      const pages = [
        '/',
        '/home/players',
        '/blog/como-inscribir-jugadores',
        '/invitation/9f86d081884c7d659a2feaa0c55ad015',
        '/reset-password?token=abc.def',
        '/no-existe',
      ];
      for (const url of pages) {
        const page = await ctx.request({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type'], url).toMatch(/text\/html/);
        expect(page.body, url).toContain('<div id="root"></div>');
      }
    });

    it('answers a missing file with 404, not the SPA page', async () => {
      const files = [
        '/sitemap.xml',
        '/favicon.ico',
        '/assets/index-stale99.js',
        '/assets/no-extension',
        '/apple-touch-icon.png',
        '/home/players.json',
      ];
      for (const url of files) {
        // Even when a browser navigates there (accept: text/html).
        const response = await ctx.request({
          method: 'GET',
          url,
          headers: { accept: 'text/html' },
        });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('<div id="root">');
      }
    });

    it('does not publish the source maps the build keeps on disk', async () => {
      for (const url of [`${ASSET_URL}.map`, '/x.map']) {
        const response = await ctx.request({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'br, gzip' },
        });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('sources');
      }
    });
  },
  { config: { staticDir: spaDir } },
);
