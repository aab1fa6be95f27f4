/*
 * Wall-clock times in a club's timezone (issue #14): a club in Bogotá trains at 18:00
 * whatever the zone of the phone that shows it. A series is planned in local dates and a
 * local start time ('18:00 every Monday'), sessions are stored as instants, and the
 * calendar shows and takes times as the club's wall clock. The server and the browser
 * convert with these same functions, with Intl alone, right across DST changes.
 */

import { wallClockDate } from './dates.format';

/** A local date 'YYYY-MM-DD' and time 'HH:MM' in some timezone. */
export interface LocalDateTime {
  date: string;
  time: string;
}

const DAY_MS = 86_400_000;

const pad = (value: number) => String(value).padStart(2, '0');

/** How far `timeZone`'s wall clock is ahead of UTC at instant `ms`, in milliseconds. */
const offsetAt = (ms: number, timeZone: string) =>
  wallClockDate(new Date(ms), timeZone).getTime() - Math.floor(ms / 1000) * 1000;

/** `at` as a local date and time (minutes) in `timeZone`. */
export function localDateTimeOf(at: Date, timeZone: string): LocalDateTime {
  const wall = wallClockDate(at, timeZone).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
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
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const exact = [wall - before, wall - after]
    .sort((a, b) => a - b)
    .find((candidate) => candidate + offsetAt(candidate, timeZone) === wall);
  // In a skipped hour the old offset lands past the jump: 02:30 becomes 03:30.
  return new Date(exact ?? wall - before);
}

/** The whole days from local date `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((floatingMs(to, '00:00') - floatingMs(from, '00:00')) / DAY_MS);

/** Local date `date` plus `days` days. */
export const addDays = (date: string, days: number) =>
  new Date(floatingMs(date, '00:00') + days * DAY_MS).toISOString().slice(0, 10);

/** '-05:00' from an offset in milliseconds. */
function offsetText(offset: number): string {
  const minutes = Math.round(Math.abs(offset) / 60_000);
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Instant `at` as the wall clock 'YYYY-MM-DDTHH:mm' of `timeZone`. */
export function wallClockOf(at: string | Date, timeZone: string): string {
  const local = localDateTimeOf(new Date(at), timeZone);
  return `${local.date}T${local.time}`;
}

/**
 * The instant when `timeZone`'s wall clock reads `wallClock` ('YYYY-MM-DDTHH:mm'), as ISO
 * 8601 with the zone's offset then ('2026-11-23T18:00:00-05:00'); DST changes as
 * `zonedInstant`, the way the server plans series.
 */
export function instantOf(wallClock: string, timeZone: string): string {
  const at = zonedInstant(wallClock.slice(0, 10), wallClock.slice(11, 16), timeZone).getTime();
  const offset = offsetAt(at, timeZone);
  return `${new Date(at + offset).toISOString().slice(0, 19)}${offsetText(offset)}`;
}

/**
 * FullCalendar runs in UTC and is fed the club's wall clock written as UTC ("UTC
 * coercion"): 18:00 in Bogotá is '2026-11-23T18:00:00Z' on the grid.
 */
export const toCalendarTime = (at: string, timeZone: string) => `${wallClockOf(at, timeZone)}:00Z`;

/** A date FullCalendar gives back (club wall clock as UTC) as the true instant. */
export const fromCalendarTime = (date: Date, timeZone: string) =>
  instantOf(date.toISOString(), timeZone);
