import { createHash, timingSafeEqual } from 'node:crypto';

/*
 * Wompi's two signatures (issue #37 items 2 and 3), as its documentation defines them
 * (docs.wompi.co, "Widget & Checkout Web" and "Eventos"): both are the SHA-256, in hex, of
 * values written one after the other with the club's secret last.
 *
 * - The integrity signature of a checkout: reference, amount in cents, currency, the
 *   expiration time when there is one, then the integrity secret. The hosted checkout
 *   refuses an amount or reference that does not match it.
 * - An event's checksum: the values at the paths `signature.properties` names inside
 *   `data` (e.g. `transaction.id`, `transaction.status`, `transaction.amount_in_cents`),
 *   in that order, then the event's `timestamp` (seconds), then the events secret. The
 *   same checksum comes in the `X-Event-Checksum` header.
 */

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What a checkout signs. */
export interface WompiCheckout {
  /** Our reference: what ties the transaction to the payments it settles. */
  reference: string;
  amountInCents: number;
  currency: 'COP';
  /** ISO 8601, when the checkout expires (signed too when given). */
  expirationTime?: string;
}

/** The `signature:integrity` of a checkout, from the club's integrity secret. */
export function wompiIntegritySignature(checkout: WompiCheckout, integritySecret: string): string {
  if (!Number.isSafeInteger(checkout.amountInCents) || checkout.amountInCents <= 0) {
    throw new RangeError(`Not an amount in cents: ${checkout.amountInCents}`);
  }
  return sha256Hex(
    `${checkout.reference}${checkout.amountInCents}${checkout.currency}${checkout.expirationTime ?? ''}${integritySecret}`,
  );
}

/** Why an event is refused: no signature, a checksum that does not match, or too old. */
export type WompiEventRefusal = 'unsigned' | 'altered' | 'stale';

export type WompiEventCheck = { ok: true } | { ok: false; refusal: WompiEventRefusal };

export interface WompiEventCheckOptions {
  now: Date;
  /**
   * How far the event's timestamp may be from `now`, either way, in seconds. Wompi sends an
   * unanswered event again after 30 minutes, 3 hours and 24 hours with the same timestamp,
   * so a webhook allows a little over a day; a replay inside it is caught by the
   * transaction's id, not here.
   */
  maxAgeSeconds: number;
  /** The `X-Event-Checksum` header, when the request had one: it must agree with the body. */
  headerChecksum?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted path inside `data`, as the checksum writes it; undefined when there is none. */
function signedValue(data: Record<string, unknown>, path: string): string | undefined {
  let value: unknown = data;
  for (const key of path.split('.')) {
    if (!isRecord(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** Compares two hex checksums in constant time, ignoring case. */
function sameChecksum(expected: string, given: string): boolean {
  if (!HEX_SHA256.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/**
 * Whether `event` (the parsed body of Wompi's POST) is signed by the club's events secret
 * and recent. Nothing of an event is trusted before this says ok: an unsigned event, one
 * whose signed values were changed, one naming a value that is not there, or one whose
 * header disagrees with its body is 'altered' or 'unsigned'; one signed long ago (a
 * replay) is 'stale'.
 */
export function checkWompiEvent(
  event: unknown,
  eventsSecret: string,
  options: WompiEventCheckOptions,
): WompiEventCheck {
  if (!isRecord(event) || !isRecord(event.signature)) return { ok: false, refusal: 'unsigned' };
  const { properties, checksum } = event.signature;
  if (
    !Array.isArray(properties) ||
    properties.length === 0 ||
    !properties.every((path): path is string => typeof path === 'string') ||
    typeof checksum !== 'string'
  ) {
    return { ok: false, refusal: 'unsigned' };
  }
  const { timestamp, data } = event;
  if (!Number.isSafeInteger(timestamp) || !isRecord(data)) return { ok: false, refusal: 'altered' };

  const values = properties.map((path) => signedValue(data, path));
  if (values.some((value) => value === undefined)) return { ok: false, refusal: 'altered' };
  const expected = sha256Hex(`${values.join('')}${timestamp as number}${eventsSecret}`);
  if (!sameChecksum(expected, checksum)) return { ok: false, refusal: 'altered' };
  if (options.headerChecksum !== undefined && !sameChecksum(expected, options.headerChecksum)) {
    return { ok: false, refusal: 'altered' };
  }

  const ageSeconds = Math.abs(options.now.getTime() / 1000 - (timestamp as number));
  if (ageSeconds > options.maxAgeSeconds) return { ok: false, refusal: 'stale' };
  return { ok: true };
}
