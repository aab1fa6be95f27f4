import { z } from 'zod';
import { textSchema } from './common.schema';

/*
 * A blog post's cover image uploaded by the super admin (issue #17): `POST
 * /api/admin/blog-posts/cover` (multipart, field `cover`) stores it as a WebP and answers
 * its address under `/api/files/covers/`, which the post's `cover_image_url` then holds
 * (contract/blog-posts.schema.ts accepts this site's `/api/files/…` paths).
 */

/** The multipart field that carries the image. */
export const COVER_FIELD = 'cover';
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
/** The box the stored cover is fitted inside (never enlarged). */
export const COVER_MAX_WIDTH = 1600;
export const COVER_MAX_HEIGHT = 900;
/** The types accepted, as the browser's file picker names them. */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Where stored covers are served from, publicly. */
export const COVER_URL_PREFIX = '/api/files/covers/';

export const coverMessages = {
  missing: 'Adjunta una imagen de portada',
  tooLarge: 'La imagen de portada no puede pesar más de 5 MB',
  wrongType: 'La imagen de portada debe ser JPEG, PNG o WebP',
  unreadable: 'No pudimos leer la imagen de portada. Prueba con otra.',
} as const;

/** The answer of an upload: the address to put in `cover_image_url`. */
export const coverUploadResponseSchema = z.object({
  data: z.object({ url: z.string() }),
});
export type CoverUpload = z.infer<typeof coverUploadResponseSchema>['data'];

/** `GET /api/files/covers/{name}`: any text (a name that is not a cover's is a 404). */
export const coverFileParamsSchema = z.object({ name: textSchema('El nombre del archivo') });
