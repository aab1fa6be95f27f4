/*
 * Wall-clock times in a club's timezone (issue #14): a series is planned in local dates
 * and a local start time ('18:00 every Monday in Bogotá'), while sessions are stored as
 * instants. These convert between the two with Intl alone, right across DST changes.
 */

import { wallClockDate } from '../../../contract/dates.format';

/** A local date 'YYYY-MM-DD' and time 'HH:MM' in some timezone. */
export interface LocalDateTime {
  date: string;
  time: string;
}

/** The wall-clock fields of `at` in `timeZone`. */
function fieldsIn(at: Date, timeZone: string) {
  const wall = wallClockDate(at, timeZone);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  const f = fieldsIn(at, timeZone);
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

const DAY_MS = 86_400_000;

const pad = (value: number) => String(value).padStart(2, '0');

/** `at` as a local date and time (minutes) in `timeZone`. */
export function localDateTimeOf(at: Date, timeZone: string): LocalDateTime {
  const f = fieldsIn(at, timeZone);
  return {
    date: `${f.year}-${pad(f.month)}-${pad(f.day)}`,
    time: `${pad(f.hour)}:${pad(f.minute)}`,
  };
}

/** Milliseconds of 'YYYY-MM-DD' + 'HH:MM' read as if it were UTC (a "floating" time). */
export function floatingMs(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, hh, mm);
}

/**
 * The instant when the wall clock of `timeZone` reads `date` at `time`. On a DST change
 * an hour that repeats gives its first instant, and an hour that does not exist (the
 * clock jumps forward) gives the instant the jump lands on, as calendar apps do.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wall = floatingMs(date, time);
  // The zone's offsets a day either side (no zone changes twice within two days).
  const before = offsetAt(new Date(wall - DAY_MS), timeZone);
  const after = offsetAt(new Date(wall + DAY_MS), timeZone);
  const exact = [wall - before, wall - after]
    .sort((a, b) => a - b)
    .find((candidate) => candidate + offsetAt(new Date(candidate), timeZone) === wall);
  // In a skipped hour the old offset lands past the jump: 02:30 becomes 03:30.
  return new Date(exact ?? wall - before);
}

/** The whole days from local date `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((floatingMs(to, '00:00') - floatingMs(from, '00:00')) / DAY_MS);

/** Local date `date` plus `days` days. */
export const addDays = (date: string, days: number) =>
  new Date(floatingMs(date, '00:00') + days * DAY_MS).toISOString().slice(0, 10);
