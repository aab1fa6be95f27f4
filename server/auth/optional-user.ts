import type { preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * A preHandler for public routes that behave differently for a signed-in caller (the
 * invitation page): it runs `requireUser` and, when that refuses with 401 (no token, a
 * bad or expired one, an inactive user), leaves `request.currentUser` null instead of
 * answering. The token is checked exactly as on authenticated routes.
 */
export function createOptionalUser(
  requireUser: preHandlerAsyncHookHandler,
): preHandlerAsyncHookHandler {
  return async function optionalUser(request, reply) {
    request.currentUser = null;
    if (!request.headers.authorization) return;
    try {
      await requireUser.call(this, request, reply);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) {
        request.currentUser = null;
        return;
      }
      throw error;
    }
  };
}
