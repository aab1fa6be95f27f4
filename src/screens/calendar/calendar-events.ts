import type { EventInput } from '@fullcalendar/core';
import {
  blue,
  common,
  brown,
  deepOrange,
  deepPurple,
  green,
  grey,
  indigo,
  pink,
  teal,
} from '@mui/material/colors';
import { sessionTypeLabels, type Session } from '../../../contract/sessions.schema';
import { toCalendarTime } from '../../../contract/club-time';

/*
 * Sessions as FullCalendar events: a colour per category (stable: the same category keeps
 * its colour whatever else is on screen), grey for the whole club, cancelled ones faded and
 * struck through. The shades chosen keep white text above 4.5:1.
 */

const categoryPalette = [
  blue[700],
  green[800],
  deepPurple[500],
  deepOrange[900],
  teal[700],
  pink[700],
  indigo[500],
  brown[500],
] as const;

/** The whole club's sessions. */
export const CLUB_WIDE_COLOUR = grey[700];

/** The colour of a category (null = the whole club), the same on every visit. */
export function categoryColour(categoryId: number | null): string {
  if (categoryId === null) return CLUB_WIDE_COLOUR;
  return categoryPalette[categoryId % categoryPalette.length]!;
}

/** The class FullCalendar puts on a cancelled session (styled by the screen). */
export const CANCELLED_CLASS = 'session-cancelled';

/**
 * One session as an event; only what the caller may manage can be dragged. The grid runs
 * in UTC: start and end are the club's wall clock in `timeZone` written as UTC.
 */
export function toEvent(session: Session, timeZone: string): EventInput {
  const colour = categoryColour(session.category_id);
  const cancelled = session.status === 'cancelled';
  return {
    id: String(session.id),
    title: cancelled ? `${session.title} (cancelada)` : session.title,
    start: toCalendarTime(session.starts_at, timeZone),
    end: toCalendarTime(session.ends_at, timeZone),
    // A cancelled one keeps its category's border on a light background (no fading opacity:
    // its text stays readable, 4.5:1).
    backgroundColor: cancelled ? common.white : colour,
    borderColor: colour,
    textColor: cancelled ? grey[800] : common.white,
    editable: session.can_manage && !cancelled,
    classNames: cancelled ? [CANCELLED_CLASS] : [],
    extendedProps: { session, typeLabel: sessionTypeLabels[session.type] },
  };
}
