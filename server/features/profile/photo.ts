import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { isClientMultipartError } from '../../lib/multipart-errors';

/*
 * Uploaded images (profile photos, blog covers): the type by magic bytes, the multipart
 * reading and the WebP they are stored as. Each kind of image is an `ImageUpload`.
 */

export type PhotoType = 'jpeg' | 'png' | 'webp';

/**
 * The image type by the file's first bytes (magic numbers), never by its name or the
 * client's content type: JPEG FF D8 FF, PNG 89 'PNG' 0D 0A 1A 0A, WebP 'RIFF' …. 'WEBP'.
 */
export function detectPhotoType(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/** One kind of uploaded image: where it comes from, how big it may be, how it is refused. */
export interface ImageUpload {
  /** The multipart field that carries it, also the path of its refusals. */
  field: string;
  /** The status of every refusal (photos answer 400, as issue #5 shipped; covers 422). */
  status: 400 | 422;
  /** The most bytes accepted. */
  maxBytes: number;
  /** The box the stored WebP is fitted inside (never enlarged). */
  box: { width: number; height: number };
  messages: { missing: string; tooLarge: string; wrongType: string; unreadable: string };
}

const refusal = (upload: ImageUpload, message: string) =>
  new AppError(upload.status, message, { errors: [{ path: upload.field, message }] });

/** Lets the calling plugin's routes read one file of at most `maxBytes`. */
export const registerImageUploads = (app: FastifyInstance, maxBytes: number) =>
  app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
  });

/** The bytes of the multipart field `upload.field`, or a refusal on it (missing, too large). */
export async function readImageUpload(
  request: FastifyRequest,
  upload: ImageUpload,
): Promise<Buffer> {
  if (!request.isMultipart()) throw refusal(upload, upload.messages.missing);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === upload.field && bytes === undefined) bytes = await part.toBuffer();
      else part.file.resume();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusal(upload, upload.messages.tooLarge);
    // A second file is over the limit of one: the image, when it came first, still counts.
    if (code !== 'FST_FILES_LIMIT') {
      if (isClientMultipartError(error)) throw error;
      // A body cut short or malformed: what came of the image cannot be trusted.
      throw refusal(upload, upload.messages.unreadable);
    }
  }
  if (!bytes) throw refusal(upload, upload.messages.missing);
  return bytes;
}

/** Far more than any camera photo of 5 MB holds; refuses decompression bombs. */
const MAX_INPUT_PIXELS = 60_000_000;

/**
 * The image as stored: turned upright by its EXIF orientation, fitted inside `box` (never
 * enlarged), without metadata (sharp writes none unless asked), as WebP. Rejects when
 * sharp cannot decode the bytes.
 */
export async function normalizeImage(bytes: Buffer, box: ImageUpload['box']): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ ...box, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}

/**
 * Checks the bytes are a JPEG, PNG or WebP (by magic bytes) that decodes, and returns
 * them as the stored WebP; otherwise a refusal on `upload.field`.
 */
export async function toStoredWebp(bytes: Buffer, upload: ImageUpload): Promise<Buffer> {
  if (bytes.length === 0) throw refusal(upload, upload.messages.missing);
  if (!detectPhotoType(bytes)) throw refusal(upload, upload.messages.wrongType);
  try {
    return await normalizeImage(bytes, upload.box);
  } catch {
    throw refusal(upload, upload.messages.unreadable);
  }
}
