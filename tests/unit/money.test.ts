import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT, moneySchema } from '../../contract/money.schema';
import { formatMoney, parsePesos, pesosText } from '../../src/lib/money';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('money in pesos and minor units', () => {
  it('formats minor units as es-CO pesos, 0 included', () => {
    expect(nbsp(formatMoney(120_000))).toBe('$ 120.000');
    expect(nbsp(formatMoney(1_500_000))).toBe('$ 1.500.000');
    expect(nbsp(formatMoney(0))).toBe('$ 0');
    expect(pesosText(120_000)).toBe('120.000');
  });

  it('reads what people type as pesos, es-CO style', () => {
    expect(parsePesos('120.000')).toBe(120_000);
    expect(parsePesos('120000')).toBe(120_000);
    expect(parsePesos('$ 120.000')).toBe(120_000);
    expect(parsePesos('0')).toBe(0);
    for (const bad of ['', '-5', '120.000,50', '12,5', '1.2345', 'abc', '12.00.0', '1e5']) {
      expect([bad, parsePesos(bad)]).toEqual([bad, null]);
    }
    expect(parsePesos('1.000.000.001')).toBeNull();
  });

  it('round-trips what it shows', () => {
    for (const minor of [0, 1, 999, 1_000, 12_345_678, MAX_AMOUNT]) {
      expect(parsePesos(pesosText(minor))).toBe(minor);
    }
  });

  it('accepts only whole, non-negative, bounded minor units', () => {
    const schema = moneySchema('El valor');
    expect(schema.safeParse(120_000).success).toBe(true);
    expect(schema.safeParse(-1).error?.issues[0]?.message).toBe('El valor no puede ser negativo');
    expect(schema.safeParse(1.5).error?.issues[0]?.message).toBe(
      'El valor debe ser un número entero de pesos',
    );
    expect(schema.safeParse(MAX_AMOUNT + 1).success).toBe(false);
  });
});
