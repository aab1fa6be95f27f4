import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  readTransferReference,
  transferReference,
  transferReferencesIn,
} from '../../server/features/payments/transfer-references';

/*
 * Issue #37 item 5: the reference a family writes in a transfer. The expected references
 * come from a separate implementation of Luhn mod N over Crockford's base 32, written in
 * Python from the algorithm's description, not from this code.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('transfer references', () => {
  it('writes a payment or a family as its prefix, its id in base 32 and a check character', () => {
    const expected: [Parameters<typeof transferReference>[0], number, string][] = [
      ['payment', 1, 'P18'],
      ['payment', 31, 'PZB'],
      ['payment', 32, 'P10J'],
      ['payment', 98_312, 'P30080'],
      ['payment', 1_234_567, 'P15NM7P'],
      ['family', 1, 'F1F'],
      ['family', 31, 'FZJ'],
      ['family', 32, 'F101'],
      ['family', 98_312, 'F3008F'],
      ['family', 1_234_567, 'F15NM7X'],
    ];
    for (const [kind, id, reference] of expected) {
      expect(transferReference(kind, id)).toBe(reference);
      expect(readTransferReference(reference)).toEqual({ kind, id });
    }
    for (const id of [0, -1, 1.5, Number.NaN]) {
      expect(() => transferReference('payment', id)).toThrow(RangeError);
    }
  });

  it('reads what people type: any case, dashes and spaces, O for 0, I and L for 1', () => {
    expect(readTransferReference('p30080')).toEqual({ kind: 'payment', id: 98_312 });
    expect(readTransferReference('P-3008-0')).toEqual({ kind: 'payment', id: 98_312 });
    expect(readTransferReference('P 3OO8 O')).toEqual({ kind: 'payment', id: 98_312 });
    expect(readTransferReference('PL8')).toEqual({ kind: 'payment', id: 1 });
    expect(readTransferReference('Pi8')).toEqual({ kind: 'payment', id: 1 });
  });

  it('matches nothing when one character is wrong or two neighbours are swapped', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('payment' as const, 'family' as const),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.nat(),
        fc.nat(),
        (kind, id, at, by) => {
          const reference = transferReference(kind, id);
          const index = 1 + (at % (reference.length - 1));
          const value = ALPHABET.indexOf(reference[index]!);
          const wrong = ALPHABET[(value + 1 + (by % 31)) % 32]!;
          const typo = reference.slice(0, index) + wrong + reference.slice(index + 1);
          expect(readTransferReference(typo)).toBeUndefined();
        },
      ),
    );
    // Luhn mod N misses only swaps whose doubled and plain sums agree (e.g. 0 and Z);
    // count them over many references instead of assuming none.
    let swaps = 0;
    let missed = 0;
    for (let id = 1; id < 5_000; id += 7) {
      const reference = transferReference('payment', id);
      for (let index = 1; index + 1 < reference.length; index++) {
        if (reference[index] === reference[index + 1]) continue;
        const swapped =
          reference.slice(0, index) +
          reference[index + 1] +
          reference[index] +
          reference.slice(index + 2);
        swaps++;
        if (readTransferReference(swapped)) missed++;
      }
    }
    expect(swaps).toBeGreaterThan(1_000);
    expect(missed / swaps).toBeLessThan(0.02);
  });

  it('refuses what is not a reference', () => {
    for (const text of ['', 'P1', 'X18', 'P19', 'PAGO', 'P18U', '18', 'P0J']) {
      expect(readTransferReference(text), text).toBeUndefined();
    }
  });

  it('finds each reference of a statement line once, in the order written', () => {
    expect(transferReferencesIn('PAGO REF P30080 SOFIA')).toEqual([
      { kind: 'payment', id: 98_312 },
    ]);
    expect(transferReferencesIn('ref:p-3008-0 y F1F, otra vez P30080.')).toEqual([
      { kind: 'payment', id: 98_312 },
      { kind: 'family', id: 1 },
    ]);
    expect(transferReferencesIn('TRANSFERENCIA NEQUI 3001234567')).toEqual([]);
  });
});
