import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE, profileMessages } from '../../../contract/profile.schema';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../storage/storage';
import { type ImageUpload, readImageUpload, registerImageUploads, toStoredWebp } from './photo';

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
/** A person's photo: the field `photo`, at most 5 MB, a square of PHOTO_MAX_SIDE; 400s. */
const PHOTO_UPLOAD: ImageUpload = {
  field: 'photo',
  status: 400,
  maxBytes: PHOTO_MAX_BYTES,
  box: { width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE },
  messages: {
    missing: profileMessages.photoMissing,
    tooLarge: profileMessages.photoTooLarge,
    wrongType: profileMessages.photoWrongType,
    unreadable: profileMessages.photoUnreadable,
  },
};

function photoKeyOf(url: string | null): string | null {
  if (!url?.startsWith(PHOTO_URL_PREFIX)) return null;
  const name = url.slice(PHOTO_URL_PREFIX.length);
  return PHOTO_NAME.test(name) ? `${PHOTO_FOLDER}${name}` : null;
}

/** Lets the calling plugin's routes read one photo of at most PHOTO_MAX_BYTES. */
export const registerPhotoUploads = (app: FastifyInstance) =>
  registerImageUploads(app, PHOTO_UPLOAD.maxBytes);

/** The bytes of the multipart field `photo`, or 400 on `photo` (missing, too large). */
export const readPhotoUpload = (request: FastifyRequest) => readImageUpload(request, PHOTO_UPLOAD);

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
      const webp = await toStoredWebp(bytes, PHOTO_UPLOAD);
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
