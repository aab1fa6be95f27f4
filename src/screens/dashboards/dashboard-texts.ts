/*
 * How the dashboards write their figures (issue #16), in es-CO: counts, rates ('85 %'),
 * months ('nov de 2026'), instants on the club's wall clock.
 */

/** The zone used until the club's own is known (the clubs' default, contract/clubs.schema.ts). */
export const DEFAULT_TIME_ZONE = 'America/Bogota';

const number = new Intl.NumberFormat('es-CO');
const shortMonth = new Intl.DateTimeFormat('es-CO', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '1.234'. */
export const countText = (value: number) => number.format(value);

/** '85 %' for 0.85 (es-CO spaces the sign, not every ICU does); '—' when nothing is rated. */
export const rateText = (rate: number | null) =>
  rate === null ? '—' : `${Math.round(rate * 100)}\u00a0%`;

/** 'nov de 2026' for '2026-11' (a calendar month: no zone moves it). */
export const monthLabel = (month: string) =>
  shortMonth.format(new Date(`${month}-01T00:00:00Z`)).replace('.', '');

/** '1 pago' / '3 pagos'. */
export const paymentsText = (count: number) =>
  count === 1 ? '1 pago' : `${countText(count)} pagos`;

/** 'martes, 25 de noviembre, 6:00 p. m.' on the club's wall clock. */
export const dateTimeText = (iso: string, timeZone = DEFAULT_TIME_ZONE) =>
  new Intl.DateTimeFormat('es-CO', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/** '25/11/2026, 6:00 p. m.' on the club's wall clock. */
export const shortDateTimeText = (iso: string, timeZone = DEFAULT_TIME_ZONE) =>
  new Intl.DateTimeFormat('es-CO', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/** '25 de noviembre de 2026' on the club's wall clock: the day the figures are from. */
export const dayText = (iso: string, timeZone = DEFAULT_TIME_ZONE) =>
  new Intl.DateTimeFormat('es-CO', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));

/** 'Sub-12', or 'Todo el club' for the club-wide sessions (no category). */
export const categoryText = (name: string | null) => name ?? 'Todo el club';
