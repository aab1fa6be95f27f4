import {
  DEFAULT_TIME_ZONE,
  formatDateTime,
  formatDay,
  formatInstantDay,
  formatTime,
} from '../../../contract/dates.format';

/*
 * How the dashboards write their figures (issue #16), in es-CO: counts, rates ('85 %'),
 * months ('nov de 2026'), and days and instants through the one formatter
 * (contract/dates.format.ts: '25/11/2026', '25/11/2026 18:00') on the club's wall clock
 * (the zone its answer names, Bogotá until it loads).
 */

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

const formats = new Map<string, Intl.DateTimeFormat>();
/** One es-CO formatter per set of options (zone included), built on first use. */
function format(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('es-CO', options);
    formats.set(key, formatter);
  }
  return formatter;
}

/** '25/11/2026 18:00' on the club's wall clock. */
export const dateTimeText = (iso: string, timeZone = DEFAULT_TIME_ZONE) =>
  formatDateTime(iso, timeZone);

/** '25/11/2026 18:00' on the club's wall clock. */
export const shortDateTimeText = dateTimeText;

/** '25/11/2026' on the club's wall clock: the day the figures are from. */
export const dayText = (iso: string, timeZone = DEFAULT_TIME_ZONE) =>
  formatInstantDay(iso, timeZone);

/**
 * 'miércoles, 25 de noviembre de 2026' for the club's day '2026-11-25' (no zone moves it):
 * the heading of a day, where the weekday in words reads better than dd/mm/aaaa.
 */
export const fullDayText = (day: string) =>
  format('full-day', { timeZone: 'UTC', dateStyle: 'full' }).format(new Date(`${day}T00:00:00Z`));

/** '23/11/2026' for the club's day '2026-11-23'. */
export const shortDayText = (day: string) => formatDay(day);

/** The day before `day` ('2026-11-30' → '2026-11-29'): the Sunday a week ends on. */
export const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** '18:00' on the club's wall clock. */
export const timeText = (at: string, timeZone: string) => formatTime(at, timeZone);

/** '23/11/2026 18:00' on the club's wall clock. */
export const dayTimeText = (at: string, timeZone: string) => formatDateTime(at, timeZone);

/** 'Sub-12', or 'Todo el club' for the club-wide sessions (no category). */
export const categoryText = (name: string | null) => name ?? 'Todo el club';
