/** Shown when the server cannot be reached at all. */
export const NETWORK_FAILURE_MESSAGE = 'No se pudo conectar con el servidor';
/** Shown when a request failed in a way the server did not describe. */
export const UNKNOWN_FAILURE_MESSAGE = 'Ocurrió un error inesperado. Inténtalo de nuevo.';

/**
 * A failed request as the screens need it: the HTTP status (null when the server was not
 * reached), the server's Spanish message and the message of each refused field by path.
 */
export interface RequestFailure {
  status: number | null;
  message: string;
  fieldErrors: Record<string, string>;
}

/** The error the API layer throws, so actors can reject with it and machines read it. */
export class RequestError extends Error implements RequestFailure {
  readonly status: number | null;
  readonly fieldErrors: Record<string, string>;

  constructor({ status, message, fieldErrors }: RequestFailure) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

const isRecordOfStrings = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((item) => typeof item === 'string');

/**
 * Reads any rejection as a RequestFailure. Pure, so machines use it in `assign`: what an
 * actor rejected with is `unknown` to the machine. Only failures described by our API
 * layer keep their message; anything else (a bug, a browser error in English) reads as
 * the generic Spanish message.
 */
export function toRequestFailure(error: unknown): RequestFailure {
  if (typeof error === 'object' && error !== null && 'fieldErrors' in error) {
    const { message, status, fieldErrors } = error as Partial<RequestFailure>;
    if (typeof message === 'string' && message.length > 0 && isRecordOfStrings(fieldErrors)) {
      return {
        status: typeof status === 'number' ? status : null,
        message,
        fieldErrors: { ...fieldErrors },
      };
    }
  }
  return { status: null, message: UNKNOWN_FAILURE_MESSAGE, fieldErrors: {} };
}
