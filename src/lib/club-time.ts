/*
 * Wall-clock times in the club's timezone (issue #14): a club in Bogotá trains at 18:00
 * whatever the zone of the phone that shows it. The calendar shows and takes times as the
 * club's wall clock and sends instants with the club's offset. The client's mirror of
 * server/features/sessions/club-time.ts, with Intl alone, right across DST changes.
 */

import { wallClockDate } from '../../contract/dates.format';

/** The wall clock of instant `ms` in `timeZone`, read as if it were UTC (milliseconds). */
const wallMs = (ms: number, timeZone: string): number =>
  wallClockDate(new Date(ms), timeZone).getTime();

/** How far `timeZone`'s wall clock is ahead of UTC at instant `ms`, in milliseconds. */
const offsetAt = (ms: number, timeZone: string) =>
  wallMs(ms, timeZone) - Math.floor(ms / 1000) * 1000;

const DAY_MS = 86_400_000;

/** '-05:00' from an offset in milliseconds. */
function offsetText(offset: number): string {
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Instant `at` as the wall clock 'YYYY-MM-DDTHH:mm' of `timeZone`. */
export function wallClockOf(at: string | Date, timeZone: string): string {
  return new Date(wallMs(new Date(at).getTime(), timeZone)).toISOString().slice(0, 16);
}

/**
 * The instant when `timeZone`'s wall clock reads `wallClock` ('YYYY-MM-DDTHH:mm'), as ISO
 * 8601 with the zone's offset then ('2026-11-23T18:00:00-05:00'). On a DST change an hour
 * that repeats gives its first instant, and an hour that does not exist gives the instant
 * the clock jumps to (02:30 becomes 03:30), as the server plans series.
 */
export function instantOf(wallClock: string, timeZone: string): string {
  const wall = Date.parse(`${wallClock.slice(0, 16)}:00Z`);
  // The zone's offsets a day either side (no zone changes twice within two days).
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const exact = [wall - before, wall - after]
    .sort((a, b) => a - b)
    .find((candidate) => candidate + offsetAt(candidate, timeZone) === wall);
  const at = exact ?? wall - before;
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
