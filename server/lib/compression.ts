import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { authResponseSchema } from '../../contract/auth.schema';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON only: the built SPA's files carry their own brotli/gzip copies (static-site.ts),
 * and downloads (CSV, XLSX, PDF, receipts, calendar feeds) and streams go as they are,
 * with their length.
 */
const COMPRESSED_TYPES = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/;

/** The request header the plugin reads as "send this answer as it is". */
const NO_COMPRESSION = 'x-no-compression';

/**
 * Compresses the API's JSON answers over 1 KB, brotli or gzip as the client accepts (a
 * page of 100 players is 51 KB, the OpenAPI document 700 KB). Must be registered before
 * the routes: the plugin hooks each route as it is added.
 *
 * BREACH (docs/security.md "Compression"): an answer that carries a session token is never
 * compressed, whatever its size: every route that answers with `authResponseSchema`.
 */
export function registerCompression(app: FastifyInstance): void {
  // Runs before the plugin's own onRoute hook, which reads `compress`.
  app.addHook('onRoute', (route) => {
    const responses = Object.values(route.schema?.response ?? {});
    if (responses.includes(authResponseSchema)) route.compress = false;
  });
  // The plugin's type list only adds to mime-db's "compressible" (text/csv, text/calendar,
  // text/html…), so the JSON-only rule is applied here, before the plugin's route-level
  // onSend hook reads the header.
  app.addHook('onSend', async (request, reply) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSED_TYPES.test(type)) {
      request.headers[NO_COMPRESSION] = '1';
    }
  });
  app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Request bodies are not decompressed: a small gzip body could unpack past the body
    // limit, and no client of ours sends one.
    globalDecompression: false,
  });
}
