import { MINOR_PER_UNIT } from './money.schema';

/*
 * The one formatter of amounts (DOMAIN.md trap 13), shared by the browser (src/lib/money.ts
 * re-exports it) and the server (PDF receipts, WhatsApp and e-mail texts): es-CO pesos,
 * '$ 120.000', whole pesos as Colombia writes them.
 */

const cop = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** An amount in minor units as es-CO pesos: 120000 → '$ 120.000' (0 is '$ 0', never blank). */
export const formatMoney = (minor: number): string => cop.format(minor / MINOR_PER_UNIT);
