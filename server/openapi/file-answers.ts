/*
 * The answers that are files, not JSON (issue #35 item 7): their media types in the
 * document, so a generated client types them as a string or a binary body instead of
 * `never`. The routes send these bytes themselves (`reply.header('content-type', …)`);
 * this only documents them.
 */

type MediaSchema = { type: 'string'; format?: 'binary' };

/** What the 200 of a file route holds, by media type. */
export interface FileAnswer {
  description: string;
  content: Readonly<Record<string, { schema: MediaSchema }>>;
}

const text = { schema: { type: 'string' } } as const;
const binary = { schema: { type: 'string', format: 'binary' } } as const;

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const pdf: FileAnswer = {
  description: 'El recibo en PDF',
  content: { 'application/pdf': binary },
};
const spreadsheet = (description: string): FileAnswer => ({
  description,
  content: { 'text/csv': text, [XLSX]: binary },
});
const webp = (description: string): FileAnswer => ({
  description,
  content: { 'image/webp': binary },
});

/** The file routes that are not a grid's export, by `METHOD /path` as Fastify registers them. */
const fileRoutes: Readonly<Record<string, FileAnswer>> = {
  'GET /api/pla_club_teams/:id/payments/:paymentId/receipt.pdf': pdf,
  'GET /api/public/receipts/:token': pdf,
  'GET /api/calendar-feeds/:token.ics': {
    description: 'El calendario (RFC 5545)',
    content: { 'text/calendar': text },
  },
  'GET /api/admin/reports/:report.:format': spreadsheet('El reporte, en el formato de la ruta'),
  'GET /api/pla_club_teams/:id/player-imports/template': spreadsheet(
    'La plantilla de importación, en el formato pedido',
  ),
  'GET /api/pla_club_teams/:id/payments/:paymentId/records/:recordId/proof': {
    description: 'El comprobante: una imagen WebP o un PDF',
    content: { 'image/webp': binary, 'application/pdf': binary },
  },
  'GET /api/files/photos/:name': webp('La foto'),
  'GET /api/files/covers/:name': webp('La portada'),
  'GET /api/exports/:id/file': spreadsheet('El archivo de la exportación, en su formato'),
};

/** A grid's export (server/lib/list-export.ts): `GET <list>/export?format=csv|xlsx`. */
const isListExport = (method: string, url: string) =>
  method === 'GET' && url.endsWith('/export') && url !== '/api/account/export';

/** The file `method url` answers with, or undefined when it answers JSON. */
export const fileAnswerOf = (method: string, url: string): FileAnswer | undefined =>
  fileRoutes[`${method} ${url}`] ??
  (isListExport(method, url) ? spreadsheet('Las filas, en el formato pedido') : undefined);
