import { centsOfPesos, pesosOfCents } from './gateway-cents';
import { wompiIntegritySignature } from './wompi-signatures';

/*
 * Wompi's hosted checkout and what its transactions mean for a payment (issue #37 items 2,
 * 3 and 6), as its documentation describes them (docs.wompi.co, "Widget & Checkout Web",
 * "Transacciones"). Families pay on Wompi's page, never on a card form of ours: the link
 * carries the club's public key, the exact amount in cents, our reference and the
 * integrity signature, so the page refuses a link whose amount or reference was changed.
 */

/** Wompi's hosted checkout (Colombia); the public key's prefix says test or production. */
export const WOMPI_CHECKOUT_URL = 'https://checkout.wompi.co/p/';

export interface WompiCheckoutLink {
  publicKey: string;
  integritySecret: string;
  /** Ties the transaction to the payments it settles. */
  reference: string;
  /** What the family pays, in whole pesos. */
  amountPesos: number;
  /** Where Wompi sends the browser back: it only shows the status, it changes nothing. */
  redirectUrl: string;
  /** ISO 8601, after which the link no longer pays. */
  expirationTime?: string;
  /** Another checkout address (a local simulator in the tests). */
  checkoutUrl?: string;
}

/** The address of the hosted checkout for one reference and amount. */
export function wompiCheckoutUrl(link: WompiCheckoutLink): string {
  const amountInCents = centsOfPesos(link.amountPesos);
  const url = new URL(link.checkoutUrl ?? WOMPI_CHECKOUT_URL);
  url.searchParams.set('public-key', link.publicKey);
  url.searchParams.set('currency', 'COP');
  url.searchParams.set('amount-in-cents', String(amountInCents));
  url.searchParams.set('reference', link.reference);
  url.searchParams.set(
    'signature:integrity',
    wompiIntegritySignature(
      {
        reference: link.reference,
        amountInCents,
        currency: 'COP',
        ...(link.expirationTime && { expirationTime: link.expirationTime }),
      },
      link.integritySecret,
    ),
  );
  url.searchParams.set('redirect-url', link.redirectUrl);
  if (link.expirationTime) url.searchParams.set('expiration-time', link.expirationTime);
  return url.toString();
}

/**
 * What a transaction means for the payments behind its reference. `held`: Wompi approved
 * it, but not for what was asked (another amount, currency or reference, or cents that are
 * not whole pesos); staff review it, it is never approved by itself.
 */
export type WompiOutcome =
  | { status: 'approved'; transactionId: string; amountPesos: number }
  | { status: 'held'; transactionId: string; reason: 'amount' | 'currency' | 'reference' }
  | { status: 'declined' | 'voided' | 'error' | 'pending'; transactionId: string };

const CLOSED_STATUSES = {
  DECLINED: 'declined',
  VOIDED: 'voided',
  ERROR: 'error',
  PENDING: 'pending',
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The outcome of `transaction` (an event's `data.transaction`, or the `data` of
 * `GET /v1/transactions/{id}`) for the payments it was opened for; undefined when it is
 * not a transaction at all.
 */
export function wompiOutcome(
  transaction: unknown,
  expected: { reference: string; amountPesos: number },
): WompiOutcome | undefined {
  if (!isRecord(transaction) || typeof transaction.id !== 'string' || transaction.id === '') {
    return undefined;
  }
  const transactionId = transaction.id;
  const { status } = transaction;
  if (typeof status !== 'string') return undefined;
  if (status !== 'APPROVED') {
    return Object.hasOwn(CLOSED_STATUSES, status)
      ? { status: CLOSED_STATUSES[status as keyof typeof CLOSED_STATUSES], transactionId }
      : undefined;
  }
  if (transaction.reference !== expected.reference) {
    return { status: 'held', transactionId, reason: 'reference' };
  }
  if (transaction.currency !== 'COP') return { status: 'held', transactionId, reason: 'currency' };
  const amountPesos = pesosOfCents(transaction.amount_in_cents);
  if (amountPesos === undefined || amountPesos !== expected.amountPesos) {
    return { status: 'held', transactionId, reason: 'amount' };
  }
  return { status: 'approved', transactionId, amountPesos };
}
