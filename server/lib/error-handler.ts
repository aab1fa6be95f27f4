import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import type { ApiError, FieldError } from '../../contract/api-error.schema';
import { AppError } from './app-error';

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
  415: messages.notJson,
  429: 'Demasiadas solicitudes. Inténtalo de nuevo en unos minutos.',
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
 * contract's field messages, bad bodies → 400/413, known app errors as thrown, anything
 * else → 500 with a generic message (the details go to the log, never to the client).
 */
export function errorHandler(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
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
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, { message: messages.internal });
}
