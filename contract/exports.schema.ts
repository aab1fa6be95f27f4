import { z } from 'zod';
import { idSchema, textSchema } from './common.schema';

/*
 * A grid's export on the job queue (issue #36 item 2): `POST <list path>/export` with the
 * list's query and `format` (the GET's own querystring) and an idempotency key answers
 * 202 with the export's id; `GET /api/exports/{id}` says how it goes and
 * `GET /api/exports/{id}/file` hands the file once it is done, to whoever asked only.
 */

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The content type each format is handed out with. */
export const exportContentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** queued → running → done | failed (a failed attempt goes back to queued while retries remain). */
export const exportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

/** How long a finished export's file is kept (docs/exports.md). */
export const EXPORT_FILE_HOURS = 24;

export const exportMessages = {
  badKey: 'La clave de la exportación debe ser un UUID',
  notFound: 'Exportación no encontrada',
  notReady: 'El archivo todavía se está preparando',
  failed: 'La exportación falló; vuelve a intentarlo',
  expired: 'El archivo de esta exportación ya expiró; exporta de nuevo',
  accessLost: 'Ya no tienes acceso a esta lista',
  crashed: 'No se pudo preparar el archivo',
} as const;

/**
 * The body of `POST <list>/export`: a key the browser makes once per click
 * (`crypto.randomUUID()`) and repeats on a retry of the same request; the same person and
 * key answer the first export instead of queueing another. Without a key every request
 * queues its own export. (Optional too so that a bad filter in the query, validated after
 * the body, is answered on its own field when the body is empty.)
 */
export const exportCreateSchema = z.object({
  idempotency_key: textSchema('La clave de la exportación', { typeError: exportMessages.badKey })
    .pipe(z.uuid({ error: exportMessages.badKey }))
    .transform((key) => key.toLowerCase())
    .optional(),
});
export type ExportCreateInput = z.input<typeof exportCreateSchema>;

/** `{id}` of `/api/exports/{id}`. */
export const exportIdParamsSchema = z.object({
  id: idSchema('El identificador de la exportación'),
});

/** What `POST <list>/export` and `GET /api/exports/{id}` answer. */
export const exportStateSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(exportStatuses),
  format: z.enum(exportFormats),
  /** Rows written (known once done). */
  rows: z.number().int().nonnegative().nullable(),
  file_name: z.string().nullable(),
  /** The last failure's Spanish message (kept while a retry is pending). */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When the file stops being served (set once done). */
  expires_at: z.string().nullable(),
});
export type ExportState = z.infer<typeof exportStateSchema>;
