import type { FieldError } from '../../contract/api-error.schema';

/**
 * An error a service throws on purpose: its status and Spanish message reach the client
 * as they are (`{ message, errors? }`).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

/** A 422 about one field, the shape every "your input is valid but refused" answer takes. */
export const fieldError = (path: string, message: string): AppError =>
  new AppError(422, message, { errors: [{ path, message }] });

/** A 409 about one field: the value clashes with something stored (a document, a name). */
export const conflictOn = (path: string, message: string): AppError =>
  new AppError(409, message, { errors: [{ path, message }] });
