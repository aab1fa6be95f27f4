/*
 * The month arithmetic of payment generation (DOMAIN.md "Generating payments", trap 1),
 * pure so it is tested alone (tests/unit/payment-periods.test.ts). Every step starts from
 * the first of a month and counts whole months; nothing adds months to "today", so a
 * charge that starts on the 31st bills every month, never skipping February.
 */

/** A calendar month: the year and the month number 1..12. */
export interface Month {
  year: number;
  month: number;
}

/** What the month arithmetic needs of a charge (its frequency's `months`: null = one-off). */
export interface ChargeTerms {
  months: number | null;
  validFrom: string;
  validUntil: string | null;
  dueDay: number | null;
  dueDate: string | null;
}

/** The period a charge bills in a run: its first day, what it covers and when it is due. */
export interface ChargePeriod {
  period: string;
  coversFrom: string;
  coversTo: string;
  dueDate: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `'YYYY-MM'` → the month, or undefined when it is not one. */
export function parseMonth(text: string): Month | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year, month } : undefined;
}

/** The month of an ISO date `'YYYY-MM-DD'`. */
export function monthOf(isoDate: string): Month {
  return { year: Number(isoDate.slice(0, 4)), month: Number(isoDate.slice(5, 7)) };
}

/** Months since year 0: two months' difference is a subtraction. */
export const monthIndex = ({ year, month }: Month): number => year * 12 + month - 1;

export const fromMonthIndex = (index: number): Month => ({
  year: Math.floor(index / 12),
  month: (index % 12) + 1,
});

export const addMonths = (month: Month, count: number): Month =>
  fromMonthIndex(monthIndex(month) + count);

/** `'YYYY-MM'`. */
export const monthLabel = ({ year, month }: Month): string => `${pad(year, 4)}-${pad(month)}`;

/** How many days the month has (February 29 in leap years). */
export const daysInMonth = ({ year, month }: Month): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The month's `day`, clamped to its last day (31 → 30, or 28/29 in February). */
export const dayOfMonth = (month: Month, day: number): string =>
  `${monthLabel(month)}-${pad(Math.min(Math.max(day, 1), daysInMonth(month)))}`;

export const firstDay = (month: Month): string => dayOfMonth(month, 1);
export const lastDay = (month: Month): string => dayOfMonth(month, daysInMonth(month));

/** The month it is at `now` in `timeZone` (the club's): the current period. */
export function currentMonth(now: Date, timeZone: string): Month {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

/**
 * The period of `charge` that a run for `month` bills, or undefined when it bills none.
 *
 * - Recurring every M months: the months `first_of(valid_from) + k·M` (k ≥ 0) whose first
 *   day is not after `valid_until`; it covers M months from that first day and is due on
 *   the due day in its first month, clamped to that month's last day.
 * - One-off: one period, the first of `valid_from`'s month, covering that month and due
 *   on its due date; every run for that month or a later one bills it (catch-up; the
 *   unique key keeps it to once per player).
 *
 * A charge without the due field of its kind (the API never stores one) falls back to the
 * other: a recurring charge's due date gives its day, a one-off's due day its date.
 */
export function periodFor(charge: ChargeTerms, month: Month): ChargePeriod | undefined {
  const start = monthOf(charge.validFrom);
  const since = monthIndex(month) - monthIndex(start);
  if (since < 0) return undefined;
  if (charge.months === null) {
    const period = firstDay(start);
    const dueDate = charge.dueDate ?? dayOfMonth(start, charge.dueDay ?? daysInMonth(start));
    return { period, coversFrom: period, coversTo: lastDay(start), dueDate };
  }
  if (charge.months < 1 || since % charge.months !== 0) return undefined;
  const period = firstDay(month);
  if (charge.validUntil !== null && period > charge.validUntil) return undefined;
  const dueDay = charge.dueDay ?? (charge.dueDate ? Number(charge.dueDate.slice(8, 10)) : 1);
  return {
    period,
    coversFrom: period,
    coversTo: lastDay(addMonths(month, charge.months - 1)),
    dueDate: dayOfMonth(month, dueDay),
  };
}
