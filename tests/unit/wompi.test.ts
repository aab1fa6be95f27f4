import { describe, expect, it } from 'vitest';
import { centsOfPesos, pesosOfCents } from '../../server/features/payment-methods/gateway-cents';
import { wompiCheckoutUrl, wompiOutcome } from '../../server/features/payment-methods/wompi';
import {
  checkWompiEvent,
  wompiIntegritySignature,
} from '../../server/features/payment-methods/wompi-signatures';

/*
 * Issue #37: Wompi's checkout link, integrity signature, event checksum and transaction
 * outcomes, and the one conversion between pesos and cents. The expected digests are not
 * computed by the code under test: the first is the example of Wompi's documentation
 * ("Widget & Checkout Web"), the others were computed with Python's hashlib from the
 * concatenations the documentation describes.
 */

describe('the integrity signature of a checkout', () => {
  const secret = 'prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqsI6SFli6';

  it("matches the example of Wompi's documentation", () => {
    expect(
      wompiIntegritySignature(
        { reference: 'sk8-438k4-xmxm392-sn2m', amountInCents: 2_490_000, currency: 'COP' },
        secret,
      ),
    ).toBe('37c8407747e595535433ef8f6a811d853cd943046624a0ec04662b17bbf33bf5');
  });

  it('signs the expiration time too when there is one', () => {
    expect(
      wompiIntegritySignature(
        {
          reference: 'sk8-438k4-xmxm392-sn2m',
          amountInCents: 2_490_000,
          currency: 'COP',
          expirationTime: '2023-06-09T20:28:50.000Z',
        },
        secret,
      ),
    ).toBe('e972f58e7de36b283fbb93d9318d39a54ffdff4e8e917b534f30d63c9d7bb89c');
  });

  it('refuses an amount that is not a positive whole number of cents', () => {
    for (const amountInCents of [0, -100, 12.5, Number.NaN]) {
      expect(() =>
        wompiIntegritySignature({ reference: 'r', amountInCents, currency: 'COP' }, secret),
      ).toThrow(RangeError);
    }
  });
});

describe("an event's checksum", () => {
  const secret = 'prod_events_OcHnIzeBl5socpwByQ4hA52Em3USQ93Z';
  const timestamp = 1_530_291_411;
  const checksum = '5a18ec5e8fdb7df463e9f94774cba8f583ba21bd04a09ceff2ea68a4bc0aefbe';
  const at = (seconds: number) => new Date(seconds * 1000);
  const options = { now: at(timestamp + 60), maxAgeSeconds: 26 * 3600 };

  const event = (changes: { amount?: number; checksum?: string; properties?: unknown } = {}) => ({
    event: 'transaction.updated',
    data: {
      transaction: {
        id: '1234-1610641025-49201',
        status: 'APPROVED',
        amount_in_cents: changes.amount ?? 4_490_000,
        reference: 'MZQ3X2DE2SMX',
        currency: 'COP',
      },
    },
    environment: 'prod',
    signature: {
      properties: changes.properties ?? [
        'transaction.id',
        'transaction.status',
        'transaction.amount_in_cents',
      ],
      checksum: changes.checksum ?? checksum,
    },
    timestamp,
    sent_at: '2018-07-20T16:45:05.000Z',
  });

  it('accepts an event signed with the club’s events secret, in either case of hex', () => {
    expect(checkWompiEvent(event(), secret, options)).toEqual({ ok: true });
    expect(checkWompiEvent(event({ checksum: checksum.toUpperCase() }), secret, options)).toEqual({
      ok: true,
    });
    expect(checkWompiEvent(event(), secret, { ...options, headerChecksum: checksum })).toEqual({
      ok: true,
    });
  });

  it('refuses an event without a signature', () => {
    const { signature: _signature, ...unsigned } = event();
    expect(checkWompiEvent(unsigned, secret, options)).toEqual({ ok: false, refusal: 'unsigned' });
    expect(checkWompiEvent(event({ properties: [] }), secret, options)).toEqual({
      ok: false,
      refusal: 'unsigned',
    });
    expect(checkWompiEvent('not an event', secret, options)).toEqual({
      ok: false,
      refusal: 'unsigned',
    });
  });

  it('refuses an altered amount, another secret, another order or a value that is not there', () => {
    const refused = { ok: false, refusal: 'altered' };
    expect(checkWompiEvent(event({ amount: 4_490_001 }), secret, options)).toEqual(refused);
    expect(checkWompiEvent(event(), `${secret}x`, options)).toEqual(refused);
    expect(
      checkWompiEvent(
        event({
          properties: ['transaction.status', 'transaction.id', 'transaction.amount_in_cents'],
        }),
        secret,
        options,
      ),
    ).toEqual(refused);
    expect(
      checkWompiEvent(
        event({ properties: ['transaction.id', 'transaction.status', 'transaction.missing'] }),
        secret,
        options,
      ),
    ).toEqual(refused);
    expect(checkWompiEvent(event({ checksum: 'abc' }), secret, options)).toEqual(refused);
  });

  it('refuses a header that disagrees with the body', () => {
    expect(
      checkWompiEvent(event(), secret, { ...options, headerChecksum: '0'.repeat(64) }),
    ).toEqual({ ok: false, refusal: 'altered' });
  });

  it('refuses an event signed too long ago, or too far ahead', () => {
    const day = 26 * 3600;
    expect(checkWompiEvent(event(), secret, { ...options, now: at(timestamp + day) })).toEqual({
      ok: true,
    });
    expect(checkWompiEvent(event(), secret, { ...options, now: at(timestamp + day + 1) })).toEqual({
      ok: false,
      refusal: 'stale',
    });
    expect(checkWompiEvent(event(), secret, { ...options, now: at(timestamp - day - 1) })).toEqual({
      ok: false,
      refusal: 'stale',
    });
  });
});

describe('pesos and cents', () => {
  it('asks a gateway for cents of whole pesos only', () => {
    expect(centsOfPesos(120_000)).toBe(12_000_000);
    expect(centsOfPesos(0)).toBe(0);
    for (const pesos of [-1, 0.5, Number.NaN, Number.MAX_SAFE_INTEGER]) {
      expect(() => centsOfPesos(pesos)).toThrow(RangeError);
    }
  });

  it("reads a gateway's cents as pesos, and nothing that is not whole pesos", () => {
    expect(pesosOfCents(12_000_000)).toBe(120_000);
    expect(pesosOfCents(12_000_050)).toBeUndefined();
    expect(pesosOfCents(-100)).toBeUndefined();
    expect(pesosOfCents('12000000')).toBeUndefined();
    expect(pesosOfCents(1.5)).toBeUndefined();
  });
});

describe("Wompi's hosted checkout", () => {
  const link = {
    publicKey: 'pub_test_Q5yDA9xoKdePzhSGeVe9HAez7HgGORGf',
    integritySecret: 'test_integrity_abc',
    reference: 'GD-7-Q3X9K2',
    amountPesos: 120_000,
    redirectUrl: 'https://club.example.com/home/payments?pago=GD-7-Q3X9K2',
  };

  it('links the exact amount in cents, the reference and their signature', () => {
    const url = new URL(wompiCheckoutUrl(link));
    expect(`${url.origin}${url.pathname}`).toBe('https://checkout.wompi.co/p/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'public-key': 'pub_test_Q5yDA9xoKdePzhSGeVe9HAez7HgGORGf',
      currency: 'COP',
      'amount-in-cents': '12000000',
      reference: 'GD-7-Q3X9K2',
      // sha256('GD-7-Q3X9K2' + '12000000' + 'COP' + 'test_integrity_abc'), by Python's hashlib
      'signature:integrity': '4a3220ad61bb902482ea9b44b0fca8c4cac1f4052caa0033fe27af80ba89c49d',
      'redirect-url': 'https://club.example.com/home/payments?pago=GD-7-Q3X9K2',
    });
  });

  it('refuses an amount that is not whole pesos', () => {
    expect(() => wompiCheckoutUrl({ ...link, amountPesos: 1200.5 })).toThrow(RangeError);
  });
});

describe("a Wompi transaction's outcome", () => {
  const expected = { reference: 'GD-7-Q3X9K2', amountPesos: 120_000 };
  const transaction = (changes: Record<string, unknown> = {}) => ({
    id: '1234-1610641025-49201',
    status: 'APPROVED',
    amount_in_cents: 12_000_000,
    reference: 'GD-7-Q3X9K2',
    currency: 'COP',
    ...changes,
  });
  const id = '1234-1610641025-49201';

  it('approves only the asked amount, currency and reference', () => {
    expect(wompiOutcome(transaction(), expected)).toEqual({
      status: 'approved',
      transactionId: id,
      amountPesos: 120_000,
    });
    expect(wompiOutcome(transaction({ amount_in_cents: 6_000_000 }), expected)).toEqual({
      status: 'held',
      transactionId: id,
      reason: 'amount',
    });
    expect(wompiOutcome(transaction({ amount_in_cents: 12_000_050 }), expected)).toEqual({
      status: 'held',
      transactionId: id,
      reason: 'amount',
    });
    expect(wompiOutcome(transaction({ currency: 'USD' }), expected)).toEqual({
      status: 'held',
      transactionId: id,
      reason: 'currency',
    });
    expect(wompiOutcome(transaction({ reference: 'GD-7-OTHER' }), expected)).toEqual({
      status: 'held',
      transactionId: id,
      reason: 'reference',
    });
  });

  it("reads Wompi's other statuses, and nothing else", () => {
    expect(wompiOutcome(transaction({ status: 'DECLINED' }), expected)?.status).toBe('declined');
    expect(wompiOutcome(transaction({ status: 'VOIDED' }), expected)?.status).toBe('voided');
    expect(wompiOutcome(transaction({ status: 'ERROR' }), expected)?.status).toBe('error');
    expect(wompiOutcome(transaction({ status: 'PENDING' }), expected)?.status).toBe('pending');
    expect(wompiOutcome(transaction({ status: 'toString' }), expected)).toBeUndefined();
    expect(wompiOutcome(transaction({ status: 'REFUNDED' }), expected)).toBeUndefined();
    expect(wompiOutcome(transaction({ id: '' }), expected)).toBeUndefined();
    expect(wompiOutcome(null, expected)).toBeUndefined();
  });
});
