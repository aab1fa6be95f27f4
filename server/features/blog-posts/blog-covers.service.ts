import { randomBytes } from 'node:crypto';
import {
  COVER_FIELD,
  COVER_MAX_BYTES,
  COVER_MAX_HEIGHT,
  COVER_MAX_WIDTH,
  COVER_URL_PREFIX,
  type CoverUpload,
  coverMessages,
} from '../../../contract/blog-covers.schema';
import type { FileStorage } from '../../storage/storage';
import { type ImageUpload, toStoredWebp } from '../profile/photo';

/** A cover: the field `cover`, at most 5 MB, fitted inside 1600 × 900; refusals are 422. */
export const COVER_UPLOAD: ImageUpload = {
  field: COVER_FIELD,
  status: 422,
  maxBytes: COVER_MAX_BYTES,
  box: { width: COVER_MAX_WIDTH, height: COVER_MAX_HEIGHT },
  messages: coverMessages,
};

const COVER_FOLDER = 'covers/';
/** 22 random base64url characters (128 bits): unguessable, so served without a session. */
const COVER_NAME = /^[A-Za-z0-9_-]{22}\.webp$/;

/**
 * Blog covers (issue #17): stored as WebP under `covers/` through the file storage. A
 * cover is not tied to a post: the post points at it by `cover_image_url`, so an upload
 * whose post is never saved leaves an unused file, as a replaced cover does.
 */
export function createBlogCovers({ storage }: { storage: FileStorage }) {
  return {
    /** Checks and normalises the bytes, stores them under a random name, answers its URL. */
    async store(bytes: Buffer): Promise<CoverUpload> {
      const webp = await toStoredWebp(bytes, COVER_UPLOAD);
      const name = `${randomBytes(16).toString('base64url')}.webp`;
      await storage.put(`${COVER_FOLDER}${name}`, webp, 'image/webp');
      return { url: `${COVER_URL_PREFIX}${name}` };
    },

    /** The stored cover `name`, or null when the name is not one or there is none. */
    async read(name: string) {
      if (!COVER_NAME.test(name)) return null;
      return storage.get(`${COVER_FOLDER}${name}`);
    },
  };
}

/** The covers' store, built once by blog-posts.plugin.ts and handed to the cover routes. */
export type BlogCovers = ReturnType<typeof createBlogCovers>;
