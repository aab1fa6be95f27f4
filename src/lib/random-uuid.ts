/**
 * A random UUID (version 4) for idempotency keys. `crypto.randomUUID` exists only in a
 * secure context (https or localhost); a club that opens the app over plain http on its
 * network still has `crypto.getRandomValues`, so the key is built from it (RFC 9562 §5.4).
 */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
