import { sessionTypeLabels } from '../../../contract/sessions.labels';
import type { DashboardSession } from '../../../contract/dashboards.schema';

/*
 * How the trainer's dashboard writes days, times and rates in es-CO (issue #16). Times are
 * the club's wall clock: the zone the calendar names for the club, Bogotá until it loads.
 */

export const DEFAULT_CLUB_TIME_ZONE = 'America/Bogota';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('es-CO', options);
    formats.set(key, formatter);
  }
  return formatter;
}

/** 'miércoles, 25 de noviembre de 2026' for the club's day '2026-11-25'. */
export const dayText = (day: string) =>
  format('day', { timeZone: 'UTC', dateStyle: 'full' }).format(new Date(`${day}T00:00:00Z`));

/** '23 nov' for '2026-11-23' (a day of the club, no zone). */
export const shortDayText = (day: string) =>
  format('short-day', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The Sunday a week ends on: the day before its excluded `to`. */
export const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** '6:00 p. m.' on the club's clock. */
export const timeText = (at: string, timeZone: string) =>
  format(`time:${timeZone}`, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(at));

/** 'lun, 23 nov, 6:00 p. m.' on the club's clock. */
export const dayTimeText = (at: string, timeZone: string) =>
  format(`day-time:${timeZone}`, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(at));

/** 'Entrenamiento · Técnica con balón'. */
export const sessionTitle = (session: DashboardSession) =>
  `${sessionTypeLabels[session.type]} · ${session.title}`;

/** The category's name, or that the session is the whole club's. */
export const sessionCategory = (session: DashboardSession) =>
  session.category?.name ?? 'Todo el club';

/** '55 %' (es-CO spaces the sign, not every ICU does), or a dash when nothing is rated. */
export const rateText = (rate: number | null) =>
  rate === null ? '—' : `${Math.round(rate * 100)}\u00a0%`;

/** The attendance page of a session: the roll call. */
export const rollCallPath = (sessionId: number) => `/home/attendance/${sessionId}`;
