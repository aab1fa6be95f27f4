import { formatDay, formatTime } from '../../../contract/dates.format';
import { isoWeekdayLabels, type Session } from '../../../contract/sessions.schema';
import { wallClockOf } from '../../../contract/club-time';

/*
 * How the calendar writes a session's time and its series' rule: the day in words where a
 * sentence reads better ('martes, 24 de noviembre de 2026'), times 24 hours ('18:00') and
 * other days dd/mm/aaaa through the one formatter (contract/dates.format.ts). Times are
 * the club's wall clock, whatever the browser's zone.
 */

const longDays = new Map<string, Intl.DateTimeFormat>();

/** 'martes, 24 de noviembre de 2026' of instant `at` in `timeZone` (cached per zone). */
function longDay(at: Date, timeZone: string): string {
  let formatter = longDays.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('es-CO', { dateStyle: 'full', timeZone });
    longDays.set(timeZone, formatter);
  }
  return formatter.format(at);
}

/** 'martes, 24 de noviembre de 2026 · 18:00 – 19:30' in the club's `timeZone`. */
export function sessionTimeText(
  session: Pick<Session, 'starts_at' | 'ends_at'>,
  timeZone: string,
): string {
  const start = new Date(session.starts_at);
  const end = new Date(session.ends_at);
  const sameDay =
    wallClockOf(start, timeZone).slice(0, 10) === wallClockOf(end, timeZone).slice(0, 10);
  const endText = sameDay
    ? formatTime(end, timeZone)
    : `${longDay(end, timeZone)} ${formatTime(end, timeZone)}`;
  return `${longDay(start, timeZone)} · ${formatTime(start, timeZone)} – ${endText}`;
}

/** 'lunes, miércoles y viernes' from ISO weekdays (1 = Monday). */
export function weekdaysText(weekdays: readonly number[]): string {
  const names = [...weekdays]
    .sort((a, b) => a - b)
    .map((weekday) => isoWeekdayLabels[weekday - 1]?.toLowerCase() ?? String(weekday));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

/** The series' rule in words: 'Cada lunes y miércoles hasta el 15/12/2026' or '…, 20 sesiones'. */
export function ruleText(recurrence: NonNullable<Session['recurrence']>): string {
  const days = `Cada ${weekdaysText(recurrence.weekdays)}`;
  if (recurrence.until) {
    return `${days} hasta el ${formatDay(recurrence.until)}`;
  }
  if (recurrence.count) {
    return `${days}, ${recurrence.count === 1 ? '1 sesión' : `${recurrence.count} sesiones`}`;
  }
  return days;
}
