import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES, profileMessages } from '../../../contract/profile.schema';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../storage/storage';
import { detectPhotoType, normalizePhoto } from './photo';

/*
 * A person's photo: checked, stored as a WebP and pointed at by `users.photo_url`, for
 * their own profile (`POST /api/profile/photo`) and for a child their club added
 * (`POST …/players/{playerId}/photo`), served by `GET /api/files/photos/{name}`.
 */

/** Where photos are served from; `photo_url` is this plus the file name. */
export const PHOTO_URL_PREFIX = '/api/files/photos/';
const PHOTO_FOLDER = 'photos/';
/** `<user id>-<22 random base64url characters>.webp`: unguessable, so served without a session. */
export const PHOTO_NAME = /^[1-9]\d{0,9}-[A-Za-z0-9_-]{22}\.webp$/;
/** The multipart field that carries the photo. */
const PHOTO_FIELD = 'photo';

export const photoError = (message: string) =>
  new AppError(400, message, { errors: [{ path: 'photo', message }] });

function photoKeyOf(url: string | null): string | null {
  if (!url?.startsWith(PHOTO_URL_PREFIX)) return null;
  const name = url.slice(PHOTO_URL_PREFIX.length);
  return PHOTO_NAME.test(name) ? `${PHOTO_FOLDER}${name}` : null;
}

/** Lets the calling plugin's routes read one photo of at most PHOTO_MAX_BYTES. */
export const registerPhotoUploads = (app: FastifyInstance) =>
  app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
  });

/** The bytes of the multipart field `photo`, or 400 on `photo` (missing, too large). */
export async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
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
  }
  if (!bytes) throw photoError(profileMessages.photoMissing);
  return bytes;
}

export function createPersonPhotos({
  db,
  storage,
  clock,
}: {
  db: Db;
  storage: FileStorage;
  clock: Clock;
}) {
  return {
    /**
     * Checks the bytes are a JPEG, PNG or WebP that decodes, stores them as a WebP of at
     * most PHOTO_MAX_SIDE px, points the person's `photo_url` at it and deletes their
     * previous photo.
     */
    async store(userId: number, bytes: Buffer): Promise<void> {
      if (bytes.length === 0) throw photoError(profileMessages.photoMissing);
      if (!detectPhotoType(bytes)) throw photoError(profileMessages.photoWrongType);
      let webp: Buffer;
      try {
        webp = await normalizePhoto(bytes);
      } catch {
        throw photoError(profileMessages.photoUnreadable);
      }
      const name = `${userId}-${randomBytes(16).toString('base64url')}.webp`;
      const key = `${PHOTO_FOLDER}${name}`;
      await storage.put(key, webp, 'image/webp');

      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ photoUrl: users.photoUrl })
            .from(users)
            .where(eq(users.id, userId))
            .for('update');
          await tx
            .update(users)
            .set({ photoUrl: `${PHOTO_URL_PREFIX}${name}`, updatedAt: clock.now() })
            .where(eq(users.id, userId));
          return row?.photoUrl ?? null;
        });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      const previousKey = photoKeyOf(previous);
      // The new photo is saved already; a previous file that cannot be removed is only litter.
      if (previousKey && previousKey !== key) await storage.delete(previousKey).catch(() => {});
    },

    /** The stored photo `name`, or null when there is none. */
    async read(name: string) {
      if (!PHOTO_NAME.test(name)) return null;
      return storage.get(`${PHOTO_FOLDER}${name}`);
    },
  };
}

export type PersonPhotos = ReturnType<typeof createPersonPhotos>;
