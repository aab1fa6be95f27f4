import { textSchema } from './common.schema';

/*
 * Image addresses a form may save (issue #33 item 7): one rule for a club's logo and a
 * person's photo, so no `javascript:` or `data:` address reaches an <img> or a link.
 */

/** A file the app stored, as it serves it: `/api/files/<folder>/<name>` (photos, covers). */
const STORED_FILE_PATH = /^\/api\/files\/[a-z]+\/[A-Za-z0-9_-]+\.(?:webp|png|jpe?g)$/;

/** A stored file's path as an upload returned it, or an https URL with a host and no credentials. */
export const isImageAddress = (value: string): boolean => {
  if (STORED_FILE_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
};

/**
 * The one rule for an image address a form saves (a club's logo, a person's photo): the
 * path of a file the app stored, as its upload answered it (`/api/files/photos/<name>`),
 * or an https URL. `javascript:`, `data:`, `http:` and anything else are a 400 on the
 * field; '' and null clear it.
 */
export const imageUrlSchema = (label: string, max: number) =>
  textSchema(label, { typeError: `${label} debe ser un texto` })
    .trim()
    .max(max, `${label} no puede tener más de ${max} caracteres`)
    .refine(
      (value) => value === '' || isImageAddress(value),
      `${label} debe ser una imagen subida a la aplicación o una dirección https`,
    )
    .nullish()
    // As optionalText: '' clears, an absent field stays absent (an edit keeps the photo).
    .transform((value) => (value === '' ? null : value));
