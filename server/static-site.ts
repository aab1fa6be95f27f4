import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from './lib/error-handler';
import { isApiPath } from './lib/security-headers';

/** Content-hashed files: a new build gives them new names, so browsers may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Whether an unknown path is a page of the SPA (a client-side route) rather than a file:
 * a file name has an extension (`/sitemap.xml`, `/favicon.ico`, `/x.js.map`) and everything
 * under /assets/ is a built file. The app's own page paths never hold a dot in their last
 * segment (slugs are `slugify`d, tokens are hex), so a browser asking for a file that is not
 * there (a stale chunk after a deploy) gets a 404 instead of index.html parsed as a script.
 */
export function isPagePath(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/assets' || pathname.startsWith('/assets/')) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[^.]+$/.test(lastSegment);
}

/**
 * Serves the built SPA from `staticDir` (Vite's dist/) and answers every unknown path:
 * a page path gets index.html (a client-side route); a file path (see `isPagePath`) and an
 * /api path 404 JSON.
 *
 * The build writes a brotli and a gzip copy next to each asset (vite.config.ts), so
 * `preCompressed` sends the smallest encoding the browser accepts without compressing
 * per request; a client that accepts neither gets the file as it is.
 */
export function registerStaticSite(app: FastifyInstance, staticDir: string): void {
  const hasSpa = existsSync(path.join(staticDir, 'index.html'));
  if (hasSpa) {
    app.register(fastifyStatic, {
      root: staticDir,
      index: 'index.html',
      preCompressed: true,
      // dist/.vite/manifest.json is for scripts/first-load.ts, not for browsers.
      dotfiles: 'ignore',
      // The build's source maps stay on disk for profiling and error reports ('hidden': no
      // script points to them) but are not published: they would hand out the source.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(reply, filePath) {
        // Vite puts content-hashed files in assets/; everything else (index.html,
        // robots.txt) revalidates so a deploy shows at once.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
  }

  // SPA fallback: a page path the server does not know is a client-side route; a missing
  // file is a 404.
  app.setNotFoundHandler((request, reply) => {
    if (
      hasSpa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      isPagePath(request.url)
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: messages.notFound });
  });
}
