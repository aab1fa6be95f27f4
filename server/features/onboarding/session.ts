import type { preHandlerAsyncHookHandler } from 'fastify';
import { onboardingMessages } from '../../../contract/onboarding.schema';
import { AppError } from '../../lib/app-error';

/**
 * `requireUser` for the onboarding and profile calls, whose 401 says 'Usuario no
 * autenticado' (SPEC §8) instead of the shorter message of the other endpoints.
 */
export function createRequireSession(
  requireUser: preHandlerAsyncHookHandler,
): preHandlerAsyncHookHandler {
  return async function requireSession(request, reply) {
    try {
      await requireUser.call(this, request, reply);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) {
        throw new AppError(401, onboardingMessages.unauthenticated, { headers: error.headers });
      }
      throw error;
    }
  };
}
