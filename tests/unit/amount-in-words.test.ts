import { describe, expect, it } from 'vitest';
import {
  MAX_IN_WORDS,
  numberInWords,
  pesosInWords,
} from '../../server/features/payments/amount-in-words';

describe('numberInWords', () => {
  it.each([
    [0, 'cero'],
    [1, 'uno'],
    [9, 'nueve'],
    [10, 'diez'],
    [15, 'quince'],
    [16, 'dieciséis'],
    [20, 'veinte'],
    [21, 'veintiuno'],
    [22, 'veintidós'],
    [23, 'veintitrés'],
    [26, 'veintiséis'],
    [30, 'treinta'],
    [31, 'treinta y uno'],
    [45, 'cuarenta y cinco'],
    [99, 'noventa y nueve'],
    [100, 'cien'],
    [101, 'ciento uno'],
    [115, 'ciento quince'],
    [200, 'doscientos'],
    [500, 'quinientos'],
    [555, 'quinientos cincuenta y cinco'],
    [700, 'setecientos'],
    [900, 'novecientos'],
    [999, 'novecientos noventa y nueve'],
  ])('writes %i as %j', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it.each([
    [1_000, 'mil'],
    [1_001, 'mil uno'],
    [2_000, 'dos mil'],
    [21_000, 'veintiún mil'],
    [31_000, 'treinta y un mil'],
    [100_000, 'cien mil'],
    [101_000, 'ciento un mil'],
    [121_350, 'ciento veintiún mil trescientos cincuenta'],
    [999_999, 'novecientos noventa y nueve mil novecientos noventa y nueve'],
  ])('writes thousands without "un mil" and with "un"/"veintiún" before mil: %i', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it.each([
    [1_000_000, 'un millón'],
    [1_200_000, 'un millón doscientos mil'],
    [2_000_000, 'dos millones'],
    [2_500_000, 'dos millones quinientos mil'],
    [21_000_021, 'veintiún millones veintiuno'],
    [100_000_000, 'cien millones'],
    [1_000_000_000, 'mil millones'],
    [1_001_000_000, 'mil un millones'],
    [2_500_000_000, 'dos mil quinientos millones'],
    [
      MAX_IN_WORDS,
      'novecientos noventa y nueve mil novecientos noventa y nueve millones novecientos noventa y nueve mil novecientos noventa y nueve',
    ],
  ])('writes millions: %i', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it("shortens a final 'uno' to 'un' only when asked (before a noun)", () => {
    expect(numberInWords(21, { short: true })).toBe('veintiún');
    expect(numberInWords(41, { short: true })).toBe('cuarenta y un');
    expect(numberInWords(101, { short: true })).toBe('ciento un');
    expect(numberInWords(1_000_001, { short: true })).toBe('un millón un');
    expect(numberInWords(25, { short: true })).toBe('veinticinco');
  });

  it('refuses negative, fractional, too large and non-finite numbers', () => {
    for (const n of [-1, 1.5, MAX_IN_WORDS + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => numberInWords(n)).toThrow(RangeError);
    }
  });
});

describe('pesosInWords', () => {
  it.each([
    [0, 'Cero pesos m/cte'],
    [1, 'Un peso m/cte'],
    [2, 'Dos pesos m/cte'],
    [21, 'Veintiún pesos m/cte'],
    [100, 'Cien pesos m/cte'],
    [101, 'Ciento un pesos m/cte'],
    [1_000, 'Mil pesos m/cte'],
    [21_000, 'Veintiún mil pesos m/cte'],
    [40_000, 'Cuarenta mil pesos m/cte'],
    [120_000, 'Ciento veinte mil pesos m/cte'],
    [121_350, 'Ciento veintiún mil trescientos cincuenta pesos m/cte'],
    [1_000_000, 'Un millón de pesos m/cte'],
    [1_000_001, 'Un millón un pesos m/cte'],
    [1_200_000, 'Un millón doscientos mil pesos m/cte'],
    [2_000_000, 'Dos millones de pesos m/cte'],
    [2_500_000, 'Dos millones quinientos mil pesos m/cte'],
    [1_000_000_000, 'Mil millones de pesos m/cte'],
  ])('writes $ %i as %j', (minor, words) => {
    expect(pesosInWords(minor)).toBe(words);
  });
});
