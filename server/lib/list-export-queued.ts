import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { apiErrorSchema } from '../../contract/api-error.schema';
import {
  type ExportFormat,
  type ExportState,
  exportCreateSchema,
  exportStateSchema,
} from '../../contract/exports.schema';
import { currentUserOf } from '../auth/require-user';

/*
 * `POST <list path>/export` (issue #36 item 2): the grid's export on the job queue. It
 * takes the GET's own querystring (the list's filters, search, sort and `format`) and
 * guard, and records who asked, the list and the query as sent; the job replays the GET
 * with that identity (server/features/exports/exports.runner.ts), so the access check,
 * the scope and the writer are the GET's. The list's own query is validated here too, so
 * a bad filter is this request's 400, not a failed job.
 */

/** What `POST <list>/export` asks the exports feature to queue. */
export interface QueuedExportInput {
  userId: number;
  /** The club of a club list (the path's `:id`), null for the platform's lists. */
  clubId: number | null;
  /** The list's path as asked (`/api/pla_club_teams/3/players`). */
  listUrl: string;
  /** The list's query as sent, without its paging and `format`. */
  query: Record<string, string | string[]>;
  format: ExportFormat;
  /** The browser's key for this request; a fresh one when it sent none. */
  idempotencyKey: string;
}

/** The exports feature as the list routes see it (decorated by exports.plugin.ts). */
export interface ListExportQueue {
  /** Queues an export, or answers the one the same person made with the same key. */
  create(input: QueuedExportInput): Promise<{ state: ExportState; created: boolean }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    listExports: ListExportQueue;
  }
}

/** Query parameters a file never depends on: the page on screen and the file's format. */
const NOT_KEPT = new Set(['page', 'pageSize', 'format']);

/** The query of `url` as sent, each parameter once or as its list of values. */
export function sentQuery(url: string): Record<string, string | string[]> {
  const search = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    if (NOT_KEPT.has(key)) continue;
    const values = search.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

interface QueuedExportOptions {
  url: string;
  guard: { onRequest: onRequestAsyncHookHandler[]; config?: object };
  tags: string[];
  summary: string;
  params?: z.ZodObject;
  /** The GET's querystring: the list's query and `format`. */
  querystring: z.ZodObject;
}

/** Registers `POST <url>/export` beside the GET (list-export.ts). */
export function addQueuedListExport(
  app: Parameters<FastifyPluginAsyncZod>[0],
  options: QueuedExportOptions,
) {
  app.post(
    `${options.url}/export`,
    {
      ...options.guard,
      schema: {
        tags: options.tags,
        summary: `${options.summary} (en cola)`,
        description:
          'Pone en cola la misma exportación que el GET (los mismos filtros, búsqueda, orden y formato en la consulta) y responde 202 con su id. Un trabajo la escribe con la identidad y el acceso de quien la pidió, comprobados de nuevo al correr; GET /api/exports/{id} dice cómo va y GET /api/exports/{id}/file entrega el archivo (24 horas). idempotency_key (opcional) es un UUID que el navegador crea por clic y repite al reintentar: la misma persona con la misma clave recibe 200 con la primera exportación, no una segunda; sin clave, cada solicitud pone en cola una exportación.',
        security: [{ bearerAuth: [] }],
        ...(options.params ? { params: options.params } : {}),
        querystring: options.querystring,
        body: exportCreateSchema,
        response: {
          200: exportStateSchema,
          202: exportStateSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const path = request.url.split('?')[0]!;
      const clubId = (request.params as { id?: unknown } | undefined)?.id;
      const { state, created } = await app.listExports.create({
        userId: currentUserOf(request).id,
        clubId: typeof clubId === 'number' ? clubId : null,
        listUrl: path.slice(0, -'/export'.length),
        query: sentQuery(request.url),
        format: (request.query as { format: ExportFormat }).format,
        idempotencyKey:
          (request.body as z.output<typeof exportCreateSchema>).idempotency_key ?? randomUUID(),
      });
      return reply.code(created ? 202 : 200).send(state);
    },
  );
}
