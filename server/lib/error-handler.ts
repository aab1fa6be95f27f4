import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import type { ApiError, FieldError } from '../../contract/api-error.schema';
import { AppError } from './app-error';
import { faultOf } from './faults';
import { serializeError } from './log-safety';
import { applySecurityHeaders } from './security-headers';

/** A 5xx as the super admin panel keeps it: no body, no raw URL (server_errors). */
export interface ServerErrorEntry {
  method: string;
  /** The route's pattern (`/api/invitations/:token`), never the URL with its values. */
  route: string;
  statusCode: number;
  message: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Stores a 5xx without waiting; decorated by server/app.ts. Never rejects. */
    recordServerError?: (entry: ServerErrorEntry) => Promise<void>;
  }
}

/** Hands a 5xx to the recorder, if any, without waiting and without ever throwing. */
function reportServerError(
  app: FastifyInstance,
  request: FastifyRequest,
  statusCode: number,
  error: unknown,
): void {
  try {
    const record = app.recordServerError;
    if (!record) return;
    // serializeError keeps a failed query's SQL text but never its parameters.
    const message = serializeError(error).message.slice(0, 500);
    const route = request.routeOptions?.url ?? '(sin ruta)';
    void record({ method: request.method, route, statusCode, message }).catch(() => undefined);
  } catch {
    // The answer matters more than the panel's record of it.
  }
}

export const messages = {
  invalidData: 'Datos inválidos',
  bodyNotObject: 'El cuerpo de la solicitud debe ser un objeto JSON',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido',
  emptyJson: 'El cuerpo de la solicitud está vacío',
  notJson: 'El cuerpo de la solicitud debe enviarse como JSON (Content-Type: application/json)',
  tooLarge: 'La solicitud es demasiado grande',
  notFound: 'Recurso no encontrado',
  internal: 'Error interno del servidor',
} as const;

/** Spanish words for the statuses that plugins or Fastify itself may answer. */
const statusMessages: Record<number, string> = {
  400: 'Solicitud inválida',
  401: 'No autenticado',
  403: 'No tienes permiso para realizar esta acción',
  404: messages.notFound,
  405: 'Método no permitido',
  406: 'Formato de respuesta no disponible',
  408: 'La solicitud tardó demasiado',
  413: messages.tooLarge,
  414: 'La dirección solicitada es demasiado larga',
  415: messages.notJson,
  429: 'Demasiadas solicitudes. Inténtalo de nuevo en unos minutos.',
  431: 'Las cabeceras de la solicitud son demasiado grandes',
};

/** Fastify's own request errors, answered with a Spanish message (and 400 for any bad body). */
const fastifyCodes: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.emptyJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, message: messages.notJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'La longitud del cuerpo no es válida',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.tooLarge },
  FST_ERR_CTP_INVALID_PARSE_TYPE: { status: 400, message: messages.notJson },
  // Raised by the router, before any route (see `frameworkErrorHandler`); never echo the URL.
  FST_ERR_BAD_URL: { status: 400, message: 'La dirección solicitada no es válida' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: statusMessages[414]! },
};

/** `/email` → `email`, `/items/0/name` → `items.0.name`. */
const toFieldPath = (instancePath: string): string =>
  instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: { keys?: unknown };
}

function validationBody(error: FastifyError & { validation: ValidationIssue[] }): ApiError {
  const fieldErrors: FieldError[] = [];
  let rootIssue = false;
  for (const issue of error.validation) {
    const path = toFieldPath(issue.instancePath);
    // A strict object's unknown keys (a list query's `per_page`): each on its own name.
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys) {
        const field = [path, String(key)].filter(Boolean).join('.');
        fieldErrors.push({ path: field, message: issue.message ?? messages.invalidData });
      }
      continue;
    }
    if (path === '') {
      rootIssue = true;
      continue;
    }
    fieldErrors.push({ path, message: issue.message ?? messages.invalidData });
  }
  if (fieldErrors.length === 0 && rootIssue) {
    return {
      message: error.validationContext === 'body' ? messages.bodyNotObject : messages.invalidData,
    };
  }
  return { message: messages.invalidData, errors: fieldErrors };
}

function send(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Every error leaves as `{ message, errors? }` in Spanish: validation → 400 with the
 * contract's field messages, bad bodies → 400/413, known app errors as thrown, an
 * unreachable database → 503 and a full disk → 507 (faults.ts), anything else → 500 with a
 * generic message (the details go to the log, never to the client).
 */
export function errorHandler(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) reportServerError(this, request, error.statusCode, error);
    reply.headers(error.headers);
    return send(
      reply,
      error.statusCode,
      error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
    );
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return send(reply, 400, validationBody(error));
  }
  const known = error.code ? fastifyCodes[error.code] : undefined;
  if (known) return send(reply, known.status, { message: known.message });

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return send(reply, status, { message: statusMessages[status] ?? statusMessages[400]! });
  }
  const fault = faultOf(error);
  if (fault) {
    request.log.error({ err: error }, fault.kind);
    // An unreachable database cannot store its own outage; a full disk is worth the panel.
    if (fault.kind !== 'database-unavailable') {
      reportServerError(this, request, fault.statusCode, error);
    }
    reply.headers(fault.headers);
    return send(reply, fault.statusCode, { message: fault.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  reportServerError(this, request, 500, error);
  return send(reply, 500, { message: messages.internal });
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`/api/x/%FF`) or a path
 * parameter over `maxParamLength` is answered before any route or hook runs, so helmet
 * and the cache header are applied here by hand; the body is the app's format.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  applySecurityHeaders(request, reply);
  const known = error.code ? fastifyCodes[error.code] : undefined;
  if (known) {
    send(reply, known.status, { message: known.message });
    return;
  }
  request.log.error({ err: error }, 'framework error');
  send(reply, 500, { message: messages.internal });
}

/**
 * Fastify's `clientErrorHandler`: errors Node raises on the socket itself (a request or its
 * headers too slow, headers too large, unparsable HTTP). No request exists yet, so the
 * answer is written raw, in Spanish, and the connection closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  const body = JSON.stringify({ message: statusMessages[status]! } satisfies ApiError);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n' +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
