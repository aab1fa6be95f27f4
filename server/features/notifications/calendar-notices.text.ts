import { dayIn, formatTime } from '../../../contract/dates.format';

/*
 * The Spanish words of the calendar's notifications (calendar-notices.ts): dates and
 * times in the club's timezone, the day in words as a sentence reads it ('sábado, 14 de
 * marzo de 2026') and the time 24 hours ('07:00', contract/dates.format.ts), so a session
 * at 07:00 in Bogotá never reads as 12:00.
 */

/** A session or event as its notices name it. */
export interface CalendarItemFacts {
  id: number;
  /** 'Entrenamiento Sub-12', 'Partido contra Halcones FC'. */
  title: string;
  startsAt: Date;
  /** Where it happens; null or absent when the calendar has no place for it. */
  location?: string | null;
}

/** The day of `at` in `timeZone` as 'YYYY-MM-DD' (the notification's idempotency day). */
export { dayIn };

/** 'sábado, 14 de marzo de 2026' in `timeZone`. */
export const dateText = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('es-CO', { dateStyle: 'full', timeZone }).format(at);

/** '08:00', '18:30' in `timeZone` (24 hours). */
export const timeText = (at: Date, timeZone: string) => formatTime(at, timeZone);

/** 'sábado, 14 de marzo de 2026 a las 18:00' ('a la 01:00' at one at night). */
export function whenText(at: Date, timeZone: string): string {
  const time = timeText(at, timeZone);
  return `${dateText(at, timeZone)} ${time.startsWith('01:') ? 'a la' : 'a las'} ${time}`;
}

/** ' en Cancha 2' or nothing. */
export const whereText = (location: string | null | undefined) =>
  location ? ` en ${location}` : '';

/** What changed in a session, as the calendar reports it. */
export type SessionChange = 'cancelled' | 'moved' | 'changed';

export function trainingUpdateText(
  change: SessionChange,
  session: CalendarItemFacts,
  previousStartsAt: Date | null,
  timeZone: string,
): { title: string; message: string } {
  const where = whereText(session.location);
  if (change === 'cancelled') {
    return {
      title: `Cancelado: ${session.title}`,
      message: `Se canceló ${session.title} del ${whenText(session.startsAt, timeZone)}${where}.`,
    };
  }
  if (change === 'moved') {
    const before = previousStartsAt ? ` (antes el ${whenText(previousStartsAt, timeZone)})` : '';
    return {
      title: `Nuevo horario: ${session.title}`,
      message: `${session.title} pasa al ${whenText(session.startsAt, timeZone)}${where}${before}.`,
    };
  }
  return {
    title: `Cambios en ${session.title}`,
    message: `${session.title} del ${whenText(session.startsAt, timeZone)}${where} tiene cambios: revisa el calendario.`,
  };
}

export const eventReminderText = (event: CalendarItemFacts, timeZone: string) => ({
  title: `Recordatorio: ${event.title}`,
  message: `${event.title} es el ${whenText(event.startsAt, timeZone)}${whereText(event.location)}.`,
});

export const attendanceAlertText = (
  session: CalendarItemFacts,
  playerName: string,
  timeZone: string,
) => ({
  title: `Inasistencia de ${playerName}`,
  message: `${playerName} no asistió a ${session.title} del ${dateText(session.startsAt, timeZone)}.`,
});

/** The final score, ours first. */
export interface MatchScore {
  ours: number;
  theirs: number;
}

export function matchResultText(
  match: CalendarItemFacts & { opponent: string; score: MatchScore },
  timeZone: string,
): { title: string; message: string } {
  const { ours, theirs } = match.score;
  const outcome = ours > theirs ? 'Victoria' : ours < theirs ? 'Derrota' : 'Empate';
  return {
    title: `${outcome} ${ours} - ${theirs} contra ${match.opponent}`,
    message: `${match.title}: ${ours} - ${theirs} contra ${match.opponent}, ${dateText(match.startsAt, timeZone)}.`,
  };
}
