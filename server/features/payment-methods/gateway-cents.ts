/*
 * Pesos and the gateways' cents (issue #37 item 6). Amounts are whole pesos everywhere in
 * the product; Wompi and Mercado Pago count COP in cents (`amount_in_cents`). This is the
 * one place where one becomes the other, so a gateway's figure never reaches a payment
 * unconverted and a fraction of a peso never passes for a whole one.
 */

/** Cents in a peso. */
const CENTS_PER_PESO = 100;

/** The cents a gateway is asked for, for a whole, non-negative number of pesos. */
export function centsOfPesos(pesos: number): number {
  if (!Number.isSafeInteger(pesos) || pesos < 0) {
    throw new RangeError(`Not a whole, non-negative number of pesos: ${pesos}`);
  }
  const cents = pesos * CENTS_PER_PESO;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Too many pesos: ${pesos}`);
  return cents;
}

/**
 * The pesos of a gateway's cents, or undefined when the figure is not a whole number of
 * pesos (or not a non-negative integer at all): such a transaction is held for review,
 * never rounded into an approval.
 */
export function pesosOfCents(cents: unknown): number | undefined {
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents) || cents < 0) return undefined;
  if (cents % CENTS_PER_PESO !== 0) return undefined;
  return cents / CENTS_PER_PESO;
}
