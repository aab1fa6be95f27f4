import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api-error.schema';
import { DEFAULT_TIME_ZONE, dayIn } from '../../contract/dates.format';
import {
  type ExportFormat,
  exportContentTypes,
  exportFormats,
} from '../../contract/exports.schema';
import { REPORT_TOTAL_HEADER } from '../../contract/reports.schema';
import type { Db } from '../db/client';
import { clubs } from '../db/schema/clubs';
import type { Clock } from './clock';
import { addQueuedListExport } from './list-export-queued';
import { type Cell, type ColumnKind, type TableSpec, csvStream, xlsxStream } from './table-writers';

/*
 * The export of a grid's list (issue #34 item 3): `GET <list path>/export?format=csv|xlsx`
 * with the list's own filters, search and sort answers every matching row, not the page
 * on screen. It reads the list through the same function as the list route (same access
 * check, same scope: a family exports only what it sees), in batches of EXPORT_BATCH, and
 * streams them through the one writer (table-writers.ts). Each feature declares only its
 * columns.
 *
 * Beside it, `POST <list path>/export` (list-export-queued.ts, issue #36 item 2) queues the
 * same export: the job replays this GET with the asker's identity and keeps its answer as
 * a file, so both are written by this one handler (docs/exports.md).
 */

/** Rows read per call of the list (the list's own pages stop at 100). */
export const EXPORT_BATCH = 500;

export { type ExportFormat, exportFormats };

const exportFormatSchema = z
  .enum(exportFormats, { error: "El formato debe ser 'csv' o 'xlsx'" })
  .describe("csv (Excel en español: ';' y UTF-8 con BOM) o xlsx")
  .default('csv');

/** One column of an export: its header, what it holds and its cell for a row. */
export interface ExportColumn<Row> {
  header: string;
  kind: ColumnKind;
  cell: (row: Row) => Cell;
}

/**
 * The request of an export route. `params.id` is the club of a club route
 * (`/pla_club_teams/:id/…`); a platform route has none.
 */
export type ExportRequest = FastifyRequest<{ Params: { id: number } }>;

interface PageQuery {
  page: number;
  pageSize: number;
}

interface ListExportOptions<Query extends z.ZodObject, Row> {
  /** The list's path; the export answers at `<url>/export`. */
  url: string;
  /** The list's guard: `clubRoute('<permission>')` or the super admin's hooks. */
  guard: { onRequest: onRequestAsyncHookHandler[]; config?: object };
  tags: string[];
  summary: string;
  params?: z.ZodObject;
  /** The list's query schema; `format` is added, `page` and `pageSize` are ignored. */
  querystring: Query;
  /** The file's name before the day: 'jugadores' → jugadores-2026-03-10.csv. */
  fileName: string;
  /** The sheet's title in the workbook. */
  sheet: string;
  columns: readonly ExportColumn<Row>[];
  /** One page of the list, as the list route reads it for this caller. */
  read: (
    query: z.output<Query> & PageQuery,
    request: ExportRequest,
  ) => Promise<{ data: Row[]; total: number }>;
}

/** The zone a club writes its dates in (its own; Bogotá for the platform's lists). */
async function timeZoneOf(db: Db, request: ExportRequest): Promise<string> {
  const clubId = (request.params as { id?: number } | undefined)?.id;
  if (typeof clubId !== 'number') return DEFAULT_TIME_ZONE;
  const [club] = await db
    .select({ timeZone: clubs.timezone })
    .from(clubs)
    .where(eq(clubs.id, clubId));
  return club?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * Registers `GET <url>/export` and its queued twin `POST <url>/export`. The first batch is read before the answer starts, so a
 * failing query is still the app's JSON error, not a download cut short.
 */
export function addListExport<Query extends z.ZodObject, Row>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  { db, clock }: { db: Db; clock: Clock },
  options: ListExportOptions<Query, Row>,
) {
  const querystring = options.querystring.safeExtend({ format: exportFormatSchema });
  addQueuedListExport(app, { ...options, querystring });
  app.get(
    `${options.url}/export`,
    {
      ...options.guard,
      schema: {
        tags: options.tags,
        summary: options.summary,
        description:
          "Descarga directa (para clientes de la API; la pantalla usa POST, en cola): todas las filas que cumplen los filtros, la búsqueda y el orden de la lista (sin páginas), en CSV para Excel en español (UTF-8 con BOM, ';', fechas dd/mm/aaaa y horas del club, dinero en pesos enteros) o en XLSX (números y fechas reales). La cabecera X-Total-Rows dice cuántas filas trae.",
        security: [{ bearerAuth: [] }],
        ...(options.params ? { params: options.params } : {}),
        querystring,
        response: {
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { format, ...listQuery } = request.query as z.output<typeof querystring> & {
        format: ExportFormat;
      };
      const exportRequest = request as unknown as ExportRequest;
      const timeZone = await timeZoneOf(db, exportRequest);
      const read = (page: number) =>
        options.read(
          { ...(listQuery as z.output<Query>), page, pageSize: EXPORT_BATCH },
          exportRequest,
        );
      const first = await read(1);
      async function* batches(): AsyncGenerator<Cell[][]> {
        let answer = first;
        for (let page = 1; ; page++) {
          yield answer.data.map((row) => options.columns.map((column) => column.cell(row)));
          if (answer.data.length < EXPORT_BATCH || page * EXPORT_BATCH >= answer.total) return;
          // PGlite answers in the server's thread: let other requests in between batches.
          await nextTurn();
          answer = await read(page + 1);
        }
      }
      const spec: TableSpec = { sheet: options.sheet, columns: options.columns, timeZone };
      const logFailure = (error: unknown) =>
        request.log.error({ err: error, url: options.url, format }, 'export stream failed');
      const stream =
        format === 'csv'
          ? csvStream(spec, batches()).on('error', logFailure)
          : xlsxStream(spec, batches(), logFailure);
      const name = `${options.fileName}-${dayIn(clock.now(), timeZone)}.${format}`;
      return (
        reply
          .header('content-type', exportContentTypes[format])
          .header('content-disposition', `attachment; filename="${name}"`)
          .header(REPORT_TOTAL_HEADER, String(first.total))
          .header('access-control-expose-headers', `${REPORT_TOTAL_HEADER}, content-disposition`)
          // A stream is sent as is: the declared response schemas are the refusals' only.
          .send(stream as never)
      );
    },
  );
}
