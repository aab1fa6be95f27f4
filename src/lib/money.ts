import { MAX_AMOUNT, MINOR_PER_UNIT } from '../../contract/money.schema';

/*
 * The one place the browser formats and reads amounts (contract/money.schema.ts): es-CO
 * pesos, '$ 120.000', whole pesos as Colombia writes them. formatMoney itself lives in
 * contract/money.format.ts, so the server's receipts format amounts the same way.
 */

const plain = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });

/** The one money formatter, shared with the server (contract/money.format.ts). */
export { formatMoney } from '../../contract/money.format';

/** An amount in minor units as a money field shows it, without the symbol: '120.000'. */
export const pesosText = (minor: number): string => plain.format(minor / MINOR_PER_UNIT);

/**
 * What a person typed as pesos, in minor units: '120.000', '120000' and '$ 120.000' are
 * read as es-CO writes them (dot for thousands); null when it is not a whole amount of
 * pesos ('120.000,50', '-5', 'abc') or is too large.
 */
export function parsePesos(text: string): number | null {
  const cleaned = text.replace(/[\s$\u00a0]/g, '');
  if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(cleaned)) return null;
  const minor = Number(cleaned.replace(/\./g, '')) * MINOR_PER_UNIT;
  return Number.isSafeInteger(minor) && minor <= MAX_AMOUNT ? minor : null;
}
