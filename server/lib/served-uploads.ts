import type { FastifyReply } from 'fastify';

/*
 * How every file someone uploaded is served (photos, blog covers, proofs of payment; issue
 * #33 item 7): nothing in it may run in the app's origin. The policy makes the document a
 * sandbox (a unique origin, no scripts, no forms, no plugins) that loads nothing; nosniff
 * keeps the browser to the declared type; only the raster images the app stores are
 * shown inline (an <img>, a new tab), anything else — a PDF, which may carry
 * `/OpenAction` JavaScript — is a download.
 */

/** The Content-Security-Policy of every served upload. */
export const UPLOAD_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/** The types shown inline: raster images only (never SVG, which is a document). */
const INLINE_TYPES = new Set(['image/webp', 'image/png', 'image/jpeg']);

export interface UploadAnswer {
  contentType: string;
  bytes: Buffer;
}

/**
 * Sends an uploaded file with its safe headers: inline for a raster image, else
 * `attachment; filename="<downloadName>.<extension>"`; `cacheControl` as the route wants.
 */
export function sendUpload(
  reply: FastifyReply,
  file: UploadAnswer,
  { cacheControl, downloadName }: { cacheControl: string; downloadName: string },
) {
  const inline = INLINE_TYPES.has(file.contentType);
  const extension = file.contentType === 'application/pdf' ? '.pdf' : '';
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      inline ? 'inline' : `attachment; filename="${downloadName}${extension}"`,
    )
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', UPLOAD_CSP)
    .send(file.bytes);
}
