/*
 * Periods ('YYYY-MM') and days ('YYYY-MM-DD') as the Pagos screen writes them, in es-CO:
 * 'noviembre de 2026' (days go through contract/dates.format.ts formatDay, '05/11/2026').
 * A period is a calendar value, so it is formatted in UTC: no time zone moves it.
 */

const monthName = new Intl.DateTimeFormat('es-CO', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const pad = (value: number) => String(value).padStart(2, '0');

/** The month of `today` (the browser's clock) as 'YYYY-MM'. */
export const currentPeriod = (today = new Date()) =>
  `${today.getFullYear()}-${pad(today.getMonth() + 1)}`;

/** The period `months` after (or before, negative) `period`. */
export function shiftPeriod(period: string, months: number): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** 'noviembre de 2026'. */
export const periodLabel = (period: string) => monthName.format(new Date(`${period}-01T00:00:00Z`));

/** The months the selector offers: a year back to a year ahead of `around` (the server's limit). */
export const periodOptions = (around: string, back = 12, ahead = 12) =>
  Array.from({ length: back + ahead + 1 }, (_, index) => shiftPeriod(around, ahead - index));
