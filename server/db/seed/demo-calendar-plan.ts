import type { AttendanceStatus } from '../../../contract/attendance.schema';
import type { HomeAway } from '../../../contract/sessions.labels';
import {
  addMonths,
  currentMonth,
  firstDay,
  lastDay,
} from '../../features/payment-generation/periods';
import { addDays, localDateTimeOf, zonedInstant } from '../../../contract/club-time';
import type { DemoCategoryName } from './demo-people';

/*
 * What the demo's calendar holds (issue #14 item 5), as data: the weekly trainings of each
 * category for the season (the first of the month three months back to the end of the
 * month two months ahead, in the club's timezone), two past matches with their results,
 * one upcoming match, a parents' meeting, and how the roll calls of the past four weeks
 * came out. demo-calendar.ts makes all of it through the real services.
 */

/** A category's weekly trainings: ISO weekdays, local start and length. */
export interface TrainingPlan {
  category: DemoCategoryName;
  weekdays: number[];
  start: string;
  minutes: number;
  location: string;
}

export const DEMO_TRAININGS: readonly TrainingPlan[] = [
  { category: 'Sub-8 Mixta', weekdays: [2, 4], start: '16:00', minutes: 60, location: 'Cancha 3' },
  { category: 'Sub-10', weekdays: [1, 3], start: '16:30', minutes: 90, location: 'Cancha 2' },
  { category: 'Sub-12', weekdays: [1, 3], start: '18:00', minutes: 90, location: 'Cancha 2' },
  { category: 'Sub-14', weekdays: [2, 4], start: '18:00', minutes: 90, location: 'Cancha 1' },
  {
    category: 'Sub-15 Femenino',
    weekdays: [3, 5],
    start: '17:00',
    minutes: 90,
    location: 'Cancha sintética',
  },
  { category: 'Sub-17', weekdays: [2, 4, 5], start: '19:30', minutes: 90, location: 'Cancha 1' },
  { category: 'Mayores', weekdays: [6], start: '08:00', minutes: 120, location: 'Cancha 1' },
];

/** The season's first and last day (local dates). */
export function demoSeason(now: Date, timeZone: string) {
  const month = currentMonth(now, timeZone);
  return { from: firstDay(addMonths(month, -3)), until: lastDay(addMonths(month, 2)) };
}

/** A match or meeting: its day counted from today, local start and length. */
export interface OneOffPlan {
  category: DemoCategoryName | null;
  type: 'match' | 'meeting';
  title: string;
  /** Days from the club's today to the Saturday (or day) it falls on. */
  day: (today: string) => string;
  start: string;
  minutes: number;
  location: string;
  opponent?: string;
  homeAway?: HomeAway;
  competition?: string;
  /** Ours first, for a match already played. */
  score?: [number, number];
}

/** The Saturday of the week `weeks` from today's (ISO week, Monday first). */
export function saturdayOf(today: string, weeks: number): string {
  const weekday = ((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  return addDays(today, 6 - weekday + weeks * 7);
}

export const DEMO_ONE_OFFS: readonly OneOffPlan[] = [
  {
    category: 'Sub-12',
    type: 'match',
    title: 'Liga Infantil — fecha 5',
    day: (today) => saturdayOf(today, -2),
    start: '09:00',
    minutes: 90,
    location: 'Cancha 2',
    opponent: 'Halcones FC',
    homeAway: 'home',
    competition: 'Liga Infantil',
    score: [3, 1],
  },
  {
    category: 'Sub-17',
    type: 'match',
    title: 'Copa Juvenil — cuartos de final',
    day: (today) => saturdayOf(today, -1),
    start: '10:30',
    minutes: 100,
    location: 'Estadio Municipal',
    opponent: 'Deportivo Norte',
    homeAway: 'away',
    competition: 'Copa Juvenil',
    score: [1, 1],
  },
  {
    category: 'Sub-10',
    type: 'match',
    title: 'Liga Infantil — fecha 7',
    day: (today) => saturdayOf(today, 1),
    start: '09:00',
    minutes: 80,
    location: 'Polideportivo Los Pinos',
    opponent: 'Club Los Pinos',
    homeAway: 'away',
    competition: 'Liga Infantil',
  },
  {
    category: null,
    type: 'meeting',
    title: 'Reunión de padres',
    day: (today) => addDays(saturdayOf(today, 1), -3),
    start: '19:00',
    minutes: 60,
    location: 'Salón del club',
  },
];

/** The instant the club's wall clock reads `date` at `time`, plus `minutes`. */
export const clubInstant = (date: string, time: string, timeZone: string, minutes = 0) =>
  new Date(zonedInstant(date, time, timeZone).getTime() + minutes * 60_000);

/** The club's today. */
export const clubToday = (now: Date, timeZone: string) => localDateTimeOf(now, timeZone).date;

/** Days of roll calls the demo has taken and closed. */
export const ATTENDANCE_DAYS = 28;

/** A mostly present list: about 84 % present, 6 % late, 6 % absent, 4 % excused. */
export function markOf(draw: number): { status: AttendanceStatus; note: string | null } {
  if (draw < 0.84) return { status: 'present', note: null };
  if (draw < 0.9) return { status: 'late', note: draw < 0.87 ? 'Llegó 15 minutos tarde' : null };
  if (draw < 0.96) return { status: 'absent', note: null };
  return { status: 'excused', note: draw < 0.98 ? 'Cita médica' : 'Viaje familiar' };
}
