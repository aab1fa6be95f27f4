import sharp from 'sharp';
import { type FileStorage, assertStorageKey } from '../../storage/storage';
import { detectPhotoType } from '../profile/photo';

/*
 * The club's logo on its receipts, when storage holds it: `clubs.logo_url` as the app
 * serves stored files (`/api/files/<key>`) or a bare storage key (`logos/…`). An outside
 * address (http…) is never fetched by the server (no request to wherever a club points
 * it); the receipt then shows the club's name alone. pdfkit draws PNG and JPEG, so a WebP
 * is converted to PNG. Anything unreadable means no logo, never a failed receipt.
 */

const FILES_PREFIX = '/api/files/';
/** A logo is drawn small: larger images are shrunk before they go into the PDF. */
const LOGO_MAX_SIDE = 400;

/** The storage key of a logo url, or null when storage cannot hold it. */
export function logoKeyOf(logoUrl: string | null): string | null {
  if (!logoUrl) return null;
  const key = logoUrl.startsWith(FILES_PREFIX) ? logoUrl.slice(FILES_PREFIX.length) : logoUrl;
  try {
    assertStorageKey(key);
    return key;
  } catch {
    return null;
  }
}

/** The logo as PNG or JPEG bytes pdfkit can draw, or null. */
export async function receiptLogo(
  storage: FileStorage,
  logoUrl: string | null,
): Promise<Buffer | null> {
  const key = logoKeyOf(logoUrl);
  if (!key) return null;
  try {
    const file = await storage.get(key);
    if (!file) return null;
    const type = detectPhotoType(file.bytes);
    if (!type) return null;
    const image = sharp(file.bytes, { limitInputPixels: 60_000_000, failOn: 'error' });
    const { width = 0, height = 0 } = await image.metadata();
    if (type !== 'webp' && Math.max(width, height) <= LOGO_MAX_SIDE) return file.bytes;
    return await image
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
