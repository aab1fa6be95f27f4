import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Secrets a club hands us that we must use again (issue #37 item 1: a payment gateway's
 * private key and events and integrity secrets), kept encrypted at rest: AES-256-GCM under
 * a key from the environment, never the database. Each value is bound to what it is for
 * (`context`, e.g. `club:7:wompi:events`), so a sealed value copied to another club or field
 * does not open there. Sealing the same text twice gives two different values (a random IV).
 *
 * The stored form: `v1.` and the base64url of IV (12 bytes) ‖ tag (16) ‖ ciphertext.
 */

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** A 32-byte key from key material of at least 32 characters (e.g. an environment variable), by HKDF-SHA256. */
export function secretBoxKeyOf(material: string): Uint8Array {
  if (material.length < 32) throw new Error('The key material must be at least 32 characters long');
  return new Uint8Array(
    hkdfSync('sha256', material, 'gestion-deportiva', 'secret-box v1', KEY_BYTES),
  );
}

function checkedKey(key: Uint8Array): Uint8Array {
  if (key.length !== KEY_BYTES) throw new Error(`A secret box key has ${KEY_BYTES} bytes`);
  return key;
}

/** `plain` encrypted under `key` for `context`. */
export function sealSecret(plain: string, key: Uint8Array, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', checkedKey(key), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** The text `sealed` holds; throws when it was altered, or sealed under another key or context. */
export function openSecret(sealed: string, key: Uint8Array, context: string): string {
  if (!sealed.startsWith(VERSION)) throw new Error('Not a sealed secret');
  const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', checkedKey(key), bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const plain = Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]);
  return plain.toString('utf8');
}
