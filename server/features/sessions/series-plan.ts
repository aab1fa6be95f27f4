import rrule from 'rrule';
import {
  type Recurrence,
  SERIES_MAX_DAYS,
  SERIES_MAX_OCCURRENCES,
  sessionMessages,
} from '../../../contract/sessions.schema';
import { fieldError } from '../../lib/app-error';
import { daysBetween, floatingMs, zonedInstant } from '../../../contract/club-time';

const { RRule } = rrule;

/*
 * A weekly series' days (issue #14): the rule is expanded with rrule over "floating"
 * dates (local dates written as UTC midnights, so no timezone moves a day), then each
 * local date is combined with the local start time in the club's timezone. Weekdays are
 * ISO, 1 = Monday … 7 = Sunday (DOMAIN.md trap 14); rrule's own weekday numbers start at
 * Monday = 0, so they are mapped by name, never by arithmetic on numbers.
 */

/** ISO weekday (index + 1) → rrule's weekday. */
const RRULE_DAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
const RFC_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** A weekly rule from a first local date. */
export interface WeeklyRule {
  startDate: string;
  weekdays: readonly number[];
  until: string | null;
  count: number | null;
}

/** The rule as RFC 5545 text: 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231' or ';COUNT=10'. */
export function rruleText(rule: WeeklyRule): string {
  const days = rule.weekdays.map((day) => RFC_DAYS[day - 1]).join(',');
  const end =
    rule.until !== null ? `UNTIL=${rule.until.replaceAll('-', '')}` : `COUNT=${rule.count}`;
  return `FREQ=WEEKLY;BYDAY=${days};${end}`;
}

/**
 * The local dates the rule produces, refusing (422, nothing written) an end before the
 * start, more than SERIES_MAX_OCCURRENCES, more than SERIES_MAX_DAYS, or none at all.
 * `field` prefixes the error paths ('recurrence').
 */
export function expandWeekly(rule: WeeklyRule, field = 'recurrence'): string[] {
  if (rule.until !== null) {
    const span = daysBetween(rule.startDate, rule.until);
    if (span < 0) throw fieldError(`${field}.until`, sessionMessages.untilBeforeStart);
    if (span > SERIES_MAX_DAYS) throw fieldError(`${field}.until`, sessionMessages.seriesTooLong);
  }
  const limitField = rule.until !== null ? `${field}.until` : `${field}.count`;
  const weekly = new RRule({
    freq: RRule.WEEKLY,
    byweekday: rule.weekdays.map((day) => RRULE_DAYS[day - 1]!),
    dtstart: new Date(floatingMs(rule.startDate, '00:00')),
    ...(rule.until !== null
      ? { until: new Date(floatingMs(rule.until, '23:59')) }
      : { count: rule.count ?? 1 }),
  });
  // One more than allowed is enough to know it is too many.
  const dates = weekly
    .all((_date, index) => index <= SERIES_MAX_OCCURRENCES)
    .map((date) => date.toISOString().slice(0, 10));
  if (dates.length > SERIES_MAX_OCCURRENCES)
    throw fieldError(limitField, sessionMessages.seriesTooLong);
  if (dates.length === 0) throw fieldError(`${field}.weekdays`, sessionMessages.seriesEmpty);
  if (daysBetween(rule.startDate, dates[dates.length - 1]!) > SERIES_MAX_DAYS)
    throw fieldError(limitField, sessionMessages.seriesTooLong);
  return dates;
}

/** The rule of `recurrence` from local date `startDate`. */
export const weeklyRuleOf = (startDate: string, recurrence: Recurrence): WeeklyRule => ({
  startDate,
  weekdays: recurrence.weekdays,
  until: recurrence.until ?? null,
  count: recurrence.until ? null : (recurrence.count ?? null),
});

/** One occurrence's day and instants. */
export interface PlannedOccurrence {
  occurrenceDate: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The instants of each date at local `startTime` for `durationMinutes` in `timeZone`
 * (an 18:00 training stays at 18:00 local across a DST change).
 */
export function occurrencesAt(
  dates: readonly string[],
  startTime: string,
  durationMinutes: number,
  timeZone: string,
): PlannedOccurrence[] {
  return dates.map((occurrenceDate) => {
    const startsAt = zonedInstant(occurrenceDate, startTime, timeZone);
    return {
      occurrenceDate,
      startsAt,
      endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000),
    };
  });
}
