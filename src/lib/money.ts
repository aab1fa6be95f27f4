import { MAX_AMOUNT, MINOR_PER_UNIT } from '../../contract/money.schema';

/*
 * Pesos on screen, minor units everywhere else (contract/money.schema.ts): the one place
 * the browser formats and reads amounts (es-CO: '$ 120.000', '$ 99.999,50').
 */

const cop = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

const plain = new Intl.NumberFormat('es-CO', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** An amount in minor units as es-CO pesos: 12000000 → '$ 120.000' (0 is '$ 0', never blank). */
export const formatMoney = (minor: number): string => cop.format(minor / MINOR_PER_UNIT);

/** An amount in minor units as a money field shows it, without the symbol: '120.000'. */
export const pesosText = (minor: number): string => plain.format(minor / MINOR_PER_UNIT);

/**
 * What a person typed as pesos, in minor units: '120.000', '120000', '$ 120.000,5' and
 * '120000,50' are read as es-CO writes them (dot for thousands, comma for cents); null
 * when it is not an amount, is negative, has more than two decimals or is too large.
 */
export function parsePesos(text: string): number | null {
  const cleaned = text.replace(/[\s$\u00a0]/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', cents = ''] = cleaned.replace(/\./g, '').split(',');
  const minor = Number(whole) * MINOR_PER_UNIT + Number(cents.padEnd(2, '0'));
  return Number.isSafeInteger(minor) && minor <= MAX_AMOUNT ? minor : null;
}
