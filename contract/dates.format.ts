/*
 * The one formatter of days and instants for files and texts (DOMAIN.md trap 13), shared
 * by the server's exports and reports and the browser: Colombia writes a day 'dd/mm/aaaa'
 * and an instant as the club's wall clock 'dd/mm/aaaa hh:mm' (24 hours), never UTC.
 */

/** The zone of a club that has none on file, and of the platform's own reports. */
export const DEFAULT_TIME_ZONE = 'America/Bogota';

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** en-CA numbers, 24-hour clock, cached per zone (building a formatter is slow). */
function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `at` in `timeZone`, as a Date whose UTC fields are that wall clock. */
export function wallClockDate(at: Date | string, timeZone: string): Date {
  const parts = wallFormatter(timeZone).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((each) => each.type === type)?.value ?? 0);
  return new Date(
    Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    ),
  );
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** A day 'AAAA-MM-DD' as a Date at its UTC midnight (how a spreadsheet stores a day). */
export function dayDate(iso: string): Date | null {
  const match = ISO_DAY.exec(iso);
  return match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day 'AAAA-MM-DD' as 'dd/mm/aaaa' (anything else is returned as it is). */
export function formatDay(iso: string): string {
  const match = ISO_DAY.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** An instant as the wall clock of `timeZone`: 'dd/mm/aaaa hh:mm'. */
export function formatDateTime(at: Date | string, timeZone: string): string {
  const wall = wallClockDate(at, timeZone);
  return `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** The day of an instant in `timeZone`, 'AAAA-MM-DD' (a file name's date). */
export function dayIn(at: Date, timeZone: string): string {
  return wallClockDate(at, timeZone).toISOString().slice(0, 10);
}

/** The club's wall-clock time of an instant: 'hh:mm', 24 hours. */
export function formatTime(at: Date | string, timeZone: string): string {
  const wall = wallClockDate(at, timeZone);
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** The day of an instant in `timeZone`, as 'dd/mm/aaaa' (an expiry, a creation day). */
export function formatInstantDay(at: Date | string, timeZone: string): string {
  return formatDay(dayIn(new Date(at), timeZone));
}
