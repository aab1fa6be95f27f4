import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { onboardingFlowParamsSchema } from '../../../contract/onboarding.schema';
import {
  medicalDataResponseSchema,
  medicalDataSchema,
} from '../../../contract/medical-data.schema';
import {
  profileCompletionResponseSchema,
  profileUpdateResponseSchema,
  profileUpdateStepSchema,
  requiredFieldsResponseSchema,
} from '../../../contract/profile.schema';
import { requestedClubId } from '../../auth/working-club';
import { currentUserOf } from '../../auth/require-user';
import { AppError } from '../../lib/app-error';
import { messages } from '../../lib/error-handler';
import { sendUpload } from '../../lib/served-uploads';
import { readPhotoUpload, registerPhotoUploads } from './person-photos';
import type { MedicalDataService } from './medical-data';
import type { ProfileService } from './profile.service';

const security = [{ bearerAuth: [] }];

/** The person's own profile (issue #5): completion, wizard steps, photo; and the served photos. */
export const profileRoutes: FastifyPluginAsyncZod<{
  profile: ProfileService;
  medical: MedicalDataService;
  /** `requireUser` answering 'Usuario no autenticado' (see `createRequireSession`). */
  requireSession: preHandlerAsyncHookHandler;
}> = async (app, { profile, medical, requireSession }) => {
  // Multipart bodies only here: one file of at most PHOTO_MAX_BYTES, a few small fields.
  await registerPhotoUploads(app);

  app.get(
    '/profile/completion',
    {
      preHandler: requireSession,
      schema: {
        tags: ['profile'],
        summary: 'Qué tan completo está el perfil para el rol del usuario',
        security,
        response: { 200: profileCompletionResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await profile.completion(currentUserOf(request).id, requestedClubId(request)),
    }),
  );

  app.put(
    '/profile/update-step',
    {
      // Auth before validation: an anonymous caller gets 401, not a list of field errors.
      onRequest: requireSession,
      schema: {
        tags: ['profile'],
        summary: 'Guarda los datos de un paso del perfil (datos personales o documento)',
        security,
        body: profileUpdateStepSchema,
        response: {
          200: profileUpdateResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      data: await profile.updateStep(
        currentUserOf(request).id,
        requestedClubId(request),
        request.body,
      ),
    }),
  );

  app.get(
    '/profile/required-fields/:role',
    {
      onRequest: requireSession,
      schema: {
        tags: ['profile'],
        summary: 'Los campos del perfil que pide el recorrido de un rol',
        security,
        params: onboardingFlowParamsSchema,
        response: {
          200: requiredFieldsResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => ({ data: profile.requiredFields(request.params.role) }),
  );

  app.post(
    '/profile/photo',
    {
      onRequest: requireSession,
      schema: {
        tags: ['profile'],
        summary: 'Sube la foto de perfil (multipart, campo photo: JPEG, PNG o WebP de hasta 5 MB)',
        security,
        consumes: ['multipart/form-data'],
        response: {
          200: profileUpdateResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const bytes = await readPhotoUpload(request);
      return {
        data: await profile.savePhoto(currentUserOf(request).id, requestedClubId(request), bytes),
      };
    },
  );

  const medicalResponses = {
    200: medicalDataResponseSchema,
    400: apiErrorSchema,
    401: apiErrorSchema,
    404: apiErrorSchema,
  };
  app.get(
    '/profile/medical',
    {
      preHandler: requireSession,
      schema: {
        tags: ['profile'],
        summary: 'Los datos médicos propios del jugador en su club de trabajo',
        security,
        response: medicalResponses,
      },
    },
    async (request) => ({
      data: await medical.read(currentUserOf(request).id, requestedClubId(request)),
    }),
  );
  app.put(
    '/profile/medical',
    {
      onRequest: requireSession,
      schema: {
        tags: ['profile'],
        summary: 'Guarda los datos médicos propios del jugador (EPS, sangre, alergias, emergencia)',
        security,
        body: medicalDataSchema,
        response: medicalResponses,
      },
    },
    async (request) => ({
      data: await medical.update(currentUserOf(request).id, requestedClubId(request), request.body),
    }),
  );

  app.get(
    '/files/photos/:name',
    {
      schema: {
        tags: ['profile'],
        summary: 'Una foto de perfil (nombre aleatorio, público, cacheable para siempre)',
      },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      const file = await profile.photo(name);
      if (!file) throw new AppError(404, messages.notFound);
      return sendUpload(reply, file, {
        cacheControl: 'public, max-age=31536000, immutable',
        downloadName: 'foto',
      });
    },
  );
};
