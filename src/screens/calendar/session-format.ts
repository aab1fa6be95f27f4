import { isoWeekdayLabels, type Session } from '../../../contract/sessions.schema';
import { wallClockOf } from '../../lib/club-time';

/*
 * How the calendar writes a session's time and its series' rule, as Colombia writes them
 * (es-CO): 'martes, 24 de noviembre de 2026', '6:00 p. m.', 'Cada lunes y miércoles hasta
 * el 15 dic 2026'. Times are the club's wall clock, whatever the browser's zone.
 */

const formatters = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** The day and time formatters of `timeZone`, cached per zone. */
function formattersOf(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('es-CO', { dateStyle: 'full', timeZone }),
      time: new Intl.DateTimeFormat('es-CO', { hour: 'numeric', minute: '2-digit', timeZone }),
    };
    formatters.set(timeZone, found);
  }
  return found;
}
/** A date-only value ('2026-12-15') read at UTC midnight, so no timezone moves its day. */
const shortDay = new Intl.DateTimeFormat('es-CO', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '15 dic 2026' from '2026-12-15' (the parts of es-CO's date, without its 'de'). */
export function shortDayText(isoDate: string): string {
  const parts = shortDay.formatToParts(new Date(`${isoDate}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value.replace('.', '') ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** 'martes, 24 de noviembre de 2026 · 6:00 p. m. – 7:30 p. m.' in the club's `timeZone`. */
export function sessionTimeText(
  session: Pick<Session, 'starts_at' | 'ends_at'>,
  timeZone: string,
): string {
  const { day, time } = formattersOf(timeZone);
  const start = new Date(session.starts_at);
  const end = new Date(session.ends_at);
  const sameDay =
    wallClockOf(start, timeZone).slice(0, 10) === wallClockOf(end, timeZone).slice(0, 10);
  const endText = sameDay ? time.format(end) : `${day.format(end)} ${time.format(end)}`;
  return `${day.format(start)} · ${time.format(start)} – ${endText}`;
}

/** 'lunes, miércoles y viernes' from ISO weekdays (1 = Monday). */
export function weekdaysText(weekdays: readonly number[]): string {
  const names = [...weekdays]
    .sort((a, b) => a - b)
    .map((weekday) => isoWeekdayLabels[weekday - 1]?.toLowerCase() ?? String(weekday));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

/** The series' rule in words: 'Cada lunes y miércoles hasta el 15 dic 2026' or '…, 20 sesiones'. */
export function ruleText(recurrence: NonNullable<Session['recurrence']>): string {
  const days = `Cada ${weekdaysText(recurrence.weekdays)}`;
  if (recurrence.until) {
    return `${days} hasta el ${shortDayText(recurrence.until)}`;
  }
  if (recurrence.count) {
    return `${days}, ${recurrence.count === 1 ? '1 sesión' : `${recurrence.count} sesiones`}`;
  }
  return days;
}
