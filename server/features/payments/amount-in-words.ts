import { MINOR_PER_UNIT } from '../../../contract/money.schema';

/*
 * Amounts in Spanish words, as a Colombian 'recibo de caja' writes them for an accountant
 * ('Ciento veinte mil pesos m/cte'; m/cte is 'moneda corriente'). The rules a general
 * number-to-words package gets wrong and this one follows (the RAE's):
 * 'cien' alone but 'ciento uno'; 'uno' shortens to 'un' before a noun and before 'mil' or
 * 'millón' ('veintiún mil', 'ciento un pesos', 'un millón'); 1.000 is 'mil', never
 * 'un mil'; a whole number of millions takes 'de' before the noun ('un millón de pesos')
 * and any other amount does not ('un millón doscientos mil pesos').
 */

// prettier-ignore
const UNITS = [
  'cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve',
  'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete',
  'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés',
  'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve',
];
// prettier-ignore
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
// prettier-ignore
const HUNDREDS = [
  '', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos',
  'setecientos', 'ochocientos', 'novecientos',
];

/** The largest amount written: 999.999.999.999 ('novecientos noventa y nueve mil … '). */
export const MAX_IN_WORDS = 999_999_999_999;

/** 1..99; `short` writes 'un' and 'veintiún' for a noun (or 'mil') that follows. */
function belowHundred(n: number, short: boolean): string {
  if (n < 30) {
    if (short && n === 1) return 'un';
    if (short && n === 21) return 'veintiún';
    return UNITS[n]!;
  }
  const unit = n % 10;
  const tens = TENS[Math.floor(n / 10)]!;
  if (unit === 0) return tens;
  return `${tens} y ${short && unit === 1 ? 'un' : UNITS[unit]}`;
}

/** 1..999. */
function belowThousand(n: number, short: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return belowHundred(rest, short);
  if (rest === 0) return hundreds === 1 ? 'cien' : HUNDREDS[hundreds]!;
  return `${HUNDREDS[hundreds]} ${belowHundred(rest, short)}`;
}

/** 1..999.999; 'mil' alone for 1.000. */
function belowMillion(n: number, short: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (thousands === 1) parts.push('mil');
  else if (thousands > 1) parts.push(`${belowThousand(thousands, true)} mil`);
  if (rest > 0) parts.push(belowThousand(rest, short));
  return parts.join(' ');
}

/**
 * A whole number from 0 to MAX_IN_WORDS in Spanish words: 21 → 'veintiuno', 121350 →
 * 'ciento veintiún mil trescientos cincuenta'. With `short`, a final 'uno' is written 'un',
 * as before a noun ('veintiún pesos').
 */
export function numberInWords(n: number, { short = false }: { short?: boolean } = {}): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_IN_WORDS) {
    throw new RangeError(`numberInWords: ${n} is not a whole number from 0 to ${MAX_IN_WORDS}`);
  }
  if (n === 0) return UNITS[0]!;
  const millions = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  const parts: string[] = [];
  if (millions === 1) parts.push('un millón');
  else if (millions > 1) parts.push(`${belowMillion(millions, true)} millones`);
  if (rest > 0) parts.push(belowMillion(rest, short));
  return parts.join(' ');
}

/**
 * An amount in minor units as a receipt writes it in words: 120000 → 'Ciento veinte mil
 * pesos m/cte', 1 → 'Un peso m/cte', 1000000 → 'Un millón de pesos m/cte'.
 */
export function pesosInWords(minor: number): string {
  const pesos = minor / MINOR_PER_UNIT;
  const words = numberInWords(pesos, { short: true });
  const noun = pesos === 1 ? 'peso' : 'pesos';
  const of = pesos >= 1_000_000 && pesos % 1_000_000 === 0 ? 'de ' : '';
  const text = `${words} ${of}${noun} m/cte`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
