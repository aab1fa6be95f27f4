import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { onboardingFlowParamsSchema } from '../../../contract/onboarding.schema';
import {
  PHOTO_MAX_BYTES,
  profileCompletionResponseSchema,
  profileMessages,
  profileUpdateResponseSchema,
  profileUpdateStepSchema,
  requiredFieldsResponseSchema,
} from '../../../contract/profile.schema';
import { requestedClubId } from '../../auth/working-club';
import { currentUserOf } from '../../auth/require-user';
import { AppError } from '../../lib/app-error';
import { messages } from '../../lib/error-handler';
import type { ProfileService } from './profile.service';

const security = [{ bearerAuth: [] }];

/** The multipart field that carries the photo. */
const PHOTO_FIELD = 'photo';

const photoError = (message: string) =>
  new AppError(400, message, { errors: [{ path: PHOTO_FIELD, message }] });

/** The person's own profile (issue #5): completion, wizard steps, photo; and the served photos. */
export const profileRoutes: FastifyPluginAsyncZod<{
  profile: ProfileService;
  /** `requireUser` answering 'Usuario no autenticado' (see `createRequireSession`). */
  requireSession: preHandlerAsyncHookHandler;
}> = async (app, { profile, requireSession }) => {
  // Multipart bodies only here: one file of at most PHOTO_MAX_BYTES, a few small fields.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
  });

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
      if (!request.isMultipart()) throw photoError(profileMessages.photoMissing);
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname === PHOTO_FIELD && bytes === undefined) bytes = await part.toBuffer();
          else part.file.resume();
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoError(profileMessages.photoTooLarge);
        // A second file is over the limit of one: the photo, when it came first, still counts.
        if (code !== 'FST_FILES_LIMIT') throw error;
        if (!bytes) throw photoError(profileMessages.photoMissing);
      }
      if (!bytes) throw photoError(profileMessages.photoMissing);
      return {
        data: await profile.savePhoto(currentUserOf(request).id, requestedClubId(request), bytes),
      };
    },
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
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
};
