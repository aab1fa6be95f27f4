import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import {
  type HomeAway,
  type SessionStatus,
  type SessionType,
  homeAwayLabels,
  sessionTypeLabels,
} from '../../../contract/sessions.labels';

/*
 * The RFC 5545 text of a calendar feed (issue #14), built with ical-generator: one VEVENT
 * per session, its UID stable across edits (`session-<id>@gestion-deportiva`) and its
 * SEQUENCE growing with every change (seconds from its creation to its last update), so a
 * phone that subscribed replaces the event instead of adding a copy. Instants are written
 * in UTC (…Z): they mean the same moment everywhere without a VTIMEZONE block; the
 * club's timezone names the calendar (X-WR-TIMEZONE) for the apps that show it.
 * ical-generator folds lines at 75 octets and ends them with CRLF.
 */

/** A session as a feed shows it. */
export interface FeedSession {
  id: number;
  type: SessionType;
  title: string;
  categoryName: string | null;
  startsAt: Date;
  endsAt: Date;
  location: string | null;
  notes: string | null;
  status: SessionStatus;
  cancelReason: string | null;
  opponent: string | null;
  homeAway: HomeAway | null;
  competition: string | null;
  scoreOurs: number | null;
  scoreTheirs: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FeedCalendar {
  /** '<club> — <category>' or '<club> — <person>'. */
  name: string;
  /** The club's IANA timezone. */
  timeZone: string;
  /** Where an event's URL takes the person (the app's calendar screen). */
  calendarUrl: string;
  /** DTSTAMP of every event: when the feed was read. */
  now: Date;
  sessions: readonly FeedSession[];
}

/**
 * 'Partido: Liga — fecha 3 vs Halcones FC (2-1)'; a title that already says its type
 * ('Entrenamiento Sub-17', 'Reunión de padres') is not prefixed again.
 */
export function feedSummary(session: FeedSession): string {
  const type = sessionTypeLabels[session.type];
  const saysType = session.title.toLocaleLowerCase('es').startsWith(type.toLocaleLowerCase('es'));
  let summary = saysType ? session.title : `${type}: ${session.title}`;
  if (session.opponent) summary += ` vs ${session.opponent}`;
  if (session.status === 'done' && session.scoreOurs !== null && session.scoreTheirs !== null) {
    summary += ` (${session.scoreOurs}-${session.scoreTheirs})`;
  }
  return summary;
}

/** The category (or 'Todo el club'), the match facts, a cancellation's reason and the notes. */
export function feedDescription(session: FeedSession): string {
  const lines = [`Categoría: ${session.categoryName ?? 'Todo el club'}`];
  if (session.homeAway) lines.push(`Condición: ${homeAwayLabels[session.homeAway]}`);
  if (session.competition) lines.push(`Competición: ${session.competition}`);
  if (session.status === 'cancelled') {
    lines.push(session.cancelReason ? `Cancelada: ${session.cancelReason}` : 'Cancelada');
  }
  if (session.notes) lines.push('', session.notes);
  return lines.join('\n');
}

/** Grows with every change of the row (whole seconds since it was created). */
export const feedSequence = (session: Pick<FeedSession, 'createdAt' | 'updatedAt'>) =>
  Math.max(0, Math.floor((session.updatedAt.getTime() - session.createdAt.getTime()) / 1000));

/** The whole `text/calendar` body. */
export function buildFeedIcs(feed: FeedCalendar): string {
  const calendar = ical({
    name: feed.name,
    prodId: { company: 'Gestión deportiva', product: 'Calendario', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
    // Subscribing apps may poll it hourly; the HTTP answer is cached five minutes.
    ttl: 60 * 60,
  });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: feed.timeZone }]);
  for (const session of feed.sessions) {
    calendar.createEvent({
      id: `session-${session.id}@gestion-deportiva`,
      start: session.startsAt,
      end: session.endsAt,
      stamp: feed.now,
      created: session.createdAt,
      lastModified: session.updatedAt,
      sequence: feedSequence(session),
      summary: feedSummary(session),
      description: feedDescription(session),
      location: session.location,
      url: feed.calendarUrl,
      status:
        session.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator omits it.
  return `${calendar.toString()}\r\n`;
}
