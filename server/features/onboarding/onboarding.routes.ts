import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  onboardingFlowParamsSchema,
  onboardingFlowResponseSchema,
  onboardingStatusResponseSchema,
  onboardingStepParamsSchema,
} from '../../../contract/onboarding.schema';
import { requestedClubId } from '../../auth/working-club';
import { currentUserOf } from '../../auth/require-user';
import type { OnboardingService } from './onboarding.service';

const security = [{ bearerAuth: [] }];

/** The onboarding wizard's progress and flows (issue #5); every call needs a session. */
export const onboardingRoutes: FastifyPluginAsyncZod<{
  onboarding: OnboardingService;
  /** `requireUser` answering 'Usuario no autenticado' (see `createRequireSession`). */
  requireSession: preHandlerAsyncHookHandler;
}> = async (app, { onboarding, requireSession }) => {
  app.get(
    '/onboarding/status',
    {
      preHandler: requireSession,
      schema: {
        tags: ['onboarding'],
        summary: 'El avance de la configuración inicial y los datos con que se rellena',
        security,
        response: { 200: onboardingStatusResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await onboarding.status(currentUserOf(request).id, requestedClubId(request)),
    }),
  );

  app.post(
    '/onboarding/step/:step',
    {
      // Auth before validation: an anonymous caller gets 401, not a list of field errors.
      onRequest: requireSession,
      schema: {
        tags: ['onboarding'],
        summary: 'Marca un paso del recorrido como hecho (una sola vez)',
        security,
        params: onboardingStepParamsSchema,
        response: {
          200: onboardingStatusResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      data: await onboarding.recordStep(
        currentUserOf(request).id,
        requestedClubId(request),
        request.params.step,
      ),
    }),
  );

  app.put(
    '/onboarding/complete',
    {
      preHandler: requireSession,
      schema: {
        tags: ['onboarding'],
        summary: 'Termina la configuración inicial si están todos los pasos obligatorios',
        security,
        response: {
          200: onboardingStatusResponseSchema,
          401: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      data: await onboarding.complete(currentUserOf(request).id, requestedClubId(request)),
    }),
  );

  app.get(
    '/onboarding/flow/:role',
    {
      onRequest: requireSession,
      schema: {
        tags: ['onboarding'],
        summary: 'Los pasos del recorrido de un rol (por su identificador o su nombre)',
        security,
        params: onboardingFlowParamsSchema,
        response: {
          200: onboardingFlowResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => ({ data: onboarding.flow(request.params.role) }),
  );
};
