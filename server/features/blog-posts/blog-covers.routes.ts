import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  coverFileParamsSchema,
  coverUploadResponseSchema,
} from '../../../contract/blog-covers.schema';
import type { SuperAdminHooks } from '../../auth/super-admin';
import { AppError } from '../../lib/app-error';
import { messages } from '../../lib/error-handler';
import { sendUpload } from '../../lib/served-uploads';
import { readImageUpload, registerImageUploads } from '../profile/photo';
import { type BlogCovers, COVER_UPLOAD } from './blog-covers.service';

const tags = ['blog'];

/**
 * A post's cover image (issue #17): the super admin uploads it, anyone reads it (the
 * public blog shows it). Registered by blogPostsRoutes, in its own plugin so multipart
 * bodies are accepted here only.
 */
export const blogCoversRoutes: FastifyPluginAsyncZod<{
  covers: BlogCovers;
  superAdmin: SuperAdminHooks;
}> = async (app, { covers, superAdmin }) => {
  await registerImageUploads(app, COVER_UPLOAD.maxBytes);

  app.post(
    '/admin/blog-posts/cover',
    {
      // The guard runs on request, before the body is read: 401/403 never read the file.
      ...superAdmin,
      schema: {
        tags,
        summary:
          'Sube la imagen de portada de una entrada (multipart, campo cover: JPEG, PNG o WebP de hasta 5 MB; se guarda como WebP de hasta 1600 × 900)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: coverUploadResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const bytes = await readImageUpload(request, COVER_UPLOAD);
      return reply.code(201).send({ data: await covers.store(bytes) });
    },
  );

  app.get(
    '/files/covers/:name',
    {
      schema: {
        tags,
        summary:
          'Una imagen de portada (nombre aleatorio, público, cacheable para siempre; 404 si no existe)',
        params: coverFileParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await covers.read(request.params.name);
      if (!file) throw new AppError(404, messages.notFound);
      return sendUpload(reply, file, {
        cacheControl: 'public, max-age=31536000, immutable',
        downloadName: 'portada',
      });
    },
  );
};
