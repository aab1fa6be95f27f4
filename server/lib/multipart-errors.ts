/**
 * Whether an error met while reading a multipart body already says it is the client's
 * (a 4xx: @fastify/multipart's limits, an AppError). The parser's own errors — a body cut
 * short, a missing or broken boundary, a malformed part header — carry no status and would
 * leave as a 500, so each upload turns them into a refusal on its file field.
 */
export function isClientMultipartError(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}
