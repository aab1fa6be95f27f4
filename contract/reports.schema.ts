import { z } from 'zod';
import { textSchema } from './common.schema';

/*
 * Reportes del Sistema (issue #17): GET /api/admin/reports/{report}.{format}, super admin
 * only, streamed by the server. CSV is for a spreadsheet in Spanish: UTF-8 with a BOM,
 * ';' between fields (Excel in es-CO reads ',' as the decimal mark), CRLF line ends,
 * instants dd/mm/aaaa hh:mm in Colombia's zone, money whole pesos (COP integers, no thousands separators).
 * `X-Total-Rows` says how many data rows follow, counted before the first is written.
 */

export const reportKinds = ['clubs', 'users', 'payments'] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportFormats = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** The header naming how many data rows the report holds (the header line not counted). */
export const REPORT_TOTAL_HEADER = 'x-total-rows';

/** The CSV's field separator (see above). */
export const CSV_SEPARATOR = ';';

export const reportMessages = {
  unknownReport: 'Reporte no encontrado: debe ser clubs, users o payments',
  unknownFormat: 'Formato no encontrado: debe ser csv o xlsx',
  status: 'El estado no es válido para este reporte',
  month: 'El mes debe tener el formato AAAA-MM',
  range: "El mes 'desde' no puede ser posterior al mes 'hasta'",
  failed: 'No se pudo generar el reporte. Inténtalo de nuevo.',
} as const;

/**
 * The path's two parts as text (no control characters); which report and format they name
 * is checked by `reportKindSchema` / `reportFormatSchema` (404 on the part otherwise).
 */
export const reportParamsSchema = z.object({
  report: textSchema('El reporte').max(40, reportMessages.unknownReport),
  format: textSchema('El formato').max(10, reportMessages.unknownFormat),
});

export const reportKindSchema = z.enum(reportKinds, { error: reportMessages.unknownReport });
export const reportFormatSchema = z.enum(reportFormats, { error: reportMessages.unknownFormat });

/** The statuses each report may be filtered by. */
export const reportStatuses = {
  clubs: ['active', 'archived', 'suspended'],
  users: ['active', 'inactive', 'locked'],
  payments: [],
} as const satisfies Record<ReportKind, readonly string[]>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = textSchema('El mes').regex(MONTH, reportMessages.month).optional();

/** Optional filters: `status` (clubs, users), `from`/`to` months 'YYYY-MM' (payments). */
export const reportQuerySchema = z
  .object({
    status: textSchema('El estado').max(20, reportMessages.status).optional(),
    from: month,
    to: month,
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: reportMessages.range,
    path: ['from'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Each report's columns, in order, as its header row says them. */
export const reportColumns = {
  clubs: ['ID', 'Nombre', 'Estado', 'Plan', 'Propietario', 'Jugadores', 'Miembros', 'Creado'],
  users: ['ID', 'Nombre', 'Correo', 'Estado', 'Bloqueado', 'Super admin', 'Clubes', 'Creado'],
  payments: [
    'Club ID',
    'Club',
    'Periodo',
    'Facturado',
    'Recaudado',
    'Deuda',
    'Pendientes',
    'Parciales',
    'En revisión',
    'Pagados',
    'Rechazados',
    'Cancelados',
    'Exentos',
  ],
} as const satisfies Record<ReportKind, readonly string[]>;

/** Spanish names of the reports, for the file name and the screen. */
export const reportTitles: Record<ReportKind, string> = {
  clubs: 'Clubes',
  users: 'Usuarios',
  payments: 'Pagos por club y mes',
};

/** `reporte-clubes-2026-11-24.csv`: the file name the server suggests. */
export const reportFileName = (report: ReportKind, format: ReportFormat, day: string) =>
  `reporte-${{ clubs: 'clubes', users: 'usuarios', payments: 'pagos' }[report]}-${day}.${format}`;
