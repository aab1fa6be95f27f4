import sharp from 'sharp';
import { PHOTO_MAX_SIDE } from '../../../contract/profile.schema';

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

/** Far more than any camera photo of 5 MB holds; refuses decompression bombs. */
const MAX_INPUT_PIXELS = 60_000_000;

/**
 * The photo as stored: turned upright by its EXIF orientation, fitted inside
 * PHOTO_MAX_SIDE × PHOTO_MAX_SIDE (never enlarged), without metadata (sharp writes none
 * unless asked), as WebP. Rejects when sharp cannot decode the bytes.
 */
export async function normalizePhoto(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({
      width: PHOTO_MAX_SIDE,
      height: PHOTO_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 82 })
    .toBuffer();
}
