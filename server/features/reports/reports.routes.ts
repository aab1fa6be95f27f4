import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  REPORT_TOTAL_HEADER,
  type ReportKind,
  reportColumns,
  reportFileName,
  reportFormatSchema,
  reportKindSchema,
  reportMessages,
  reportParamsSchema,
  reportQuerySchema,
  reportTitles,
} from '../../../contract/reports.schema';
import type { SuperAdminHooks } from '../../auth/super-admin';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type ReportsService, reportColumnKinds } from './reports.service';
import { DEFAULT_TIME_ZONE, dayIn } from '../../../contract/dates.format';
import { type TableSpec, csvStream, xlsxStream } from '../../lib/table-writers';

const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const notFound = (path: string, message: string) =>
  new AppError(404, message, { errors: [{ path, message }] });

/** A report's sheet: its title, its columns with their kinds, the platform's zone. */
const specOf = (report: ReportKind): TableSpec => ({
  sheet: reportTitles[report],
  columns: reportColumns[report].map((header, index) => ({
    header,
    kind: reportColumnKinds[report][index] ?? 'text',
  })),
  timeZone: DEFAULT_TIME_ZONE,
});

/**
 * Reportes del Sistema (issue #17): the platform's clubs, users and payments by club and
 * month as CSV or XLSX, streamed in batches; super admin only (docs/platform.md).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{
  reports: ReportsService;
  clock: Clock;
  superAdmin: SuperAdminHooks;
}> = async (app, { reports, clock, superAdmin }) => {
  app.get(
    '/admin/reports/:report.:format',
    {
      ...superAdmin,
      schema: {
        tags: ['reports'],
        summary: 'Descarga un reporte de la plataforma (clubes, usuarios o pagos) en CSV o XLSX',
        description:
          "Se genera en el servidor y se envía por partes. CSV: UTF-8 con BOM, ';' como separador, fechas dd/mm/aaaa hh:mm en la hora de Colombia y dinero en pesos enteros (en XLSX, fechas y números reales). La cabecera X-Total-Rows dice cuántas filas de datos trae. Filtros: status (clubs: active, archived, suspended; users: active, inactive, locked), from y to (payments, meses AAAA-MM).",
        security: [{ bearerAuth: [] }],
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: {
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const report = reportKindSchema.safeParse(request.params.report).data;
      if (!report) throw notFound('report', reportMessages.unknownReport);
      const format = reportFormatSchema.safeParse(request.params.format).data;
      if (!format) throw notFound('format', reportMessages.unknownFormat);
      const source = await reports.open(report, request.query);
      const logFailure = (error: unknown) =>
        request.log.error({ err: error, report, format }, 'report stream failed');
      const stream =
        format === 'csv'
          ? csvStream(specOf(report), source.batches)
          : xlsxStream(specOf(report), source.batches, logFailure);
      if (format === 'csv') stream.on('error', logFailure);
      const name = reportFileName(report, format, dayIn(clock.now(), DEFAULT_TIME_ZONE));
      return (
        reply
          .header('content-type', contentTypes[format])
          .header('content-disposition', `attachment; filename="${name}"`)
          .header(REPORT_TOTAL_HEADER, String(source.total))
          .header('access-control-expose-headers', `${REPORT_TOTAL_HEADER}, content-disposition`)
          // A stream is sent as is: the declared response schemas are the refusals' only.
          .send(stream as never)
      );
    },
  );
};
