import { z } from 'zod';

/*
 * Money in the API and the database (DOMAIN.md "Money"): integers in the minor unit of
 * the club's currency, never floats. For COP that is the peso itself: the reference data
 * gives Colombia's currency 0 decimals (`countries.currency_decimals`), as prices, fees
 * and receipts there are written. The browser shows and reads amounts through
 * src/lib/money.ts; the server never divides.
 */

/** Minor units per peso (COP: 0 decimals). */
export const MINOR_PER_UNIT = 1;

/** The largest amount anything may have: 1.000 millones de pesos. */
export const MAX_AMOUNT = 1_000_000_000 * MINOR_PER_UNIT;

/** An amount in minor units: a whole number from 0 to MAX_AMOUNT ('El valor …'). */
export const moneySchema = (label: string) =>
  z
    .number({ error: `${label} debe ser un número` })
    .int(`${label} debe ser un número entero de pesos`)
    .min(0, `${label} no puede ser negativo`)
    .max(MAX_AMOUNT, `${label} es demasiado grande`);

/** An amount above zero, in minor units. */
export const positiveMoneySchema = (label: string) =>
  moneySchema(label).min(1, `${label} debe ser mayor que cero`);
