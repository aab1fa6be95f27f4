import esLocale from '@fullcalendar/core/locales/es';
import type { DateSelectArg, EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import Box from '@mui/material/Box';
import type { Session } from '../../../contract/sessions.schema';
import { fromCalendarTime, toCalendarTime } from '../../../contract/club-time';
import type { SessionMove } from '../../machines/sessions-move.machine';
import { CANCELLED_CLASS } from './calendar-events';

/** '16:30', 24 hours as every time the app shows (contract/dates.format.ts formatTime). */
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/**
 * The agenda on a phone: 'lun, 23 nov' alone over each day (not 'lunes' and
 * '23 de noviembre de 2026' side by side) and 24-hour times ('16:30 - 18:00'), so it
 * fits 390 px.
 */
const PHONE_LIST = {
  listDayFormat: { weekday: 'short', day: 'numeric', month: 'short' },
  listDaySideFormat: false,
  eventTimeFormat: TIME_FORMAT,
} as const;

interface CalendarViewProps {
  phone: boolean;
  /**
   * The club's timezone. The grid runs in UTC and shows the club's wall clock written as
   * UTC (the events come so, calendar-events.ts); every date it gives back is read as the
   * club's wall clock and reported as the true instant with the club's offset.
   */
  timeZone: string;
  events: EventInput[];
  /** Whether a slot may be selected to create a session (sessions.create). */
  selectable: boolean;
  /** False while a move is asked about or saved: no other drop meanwhile. */
  editable: boolean;
  onRange: (range: { from: string; to: string }) => void;
  onSelect: (slot: { start: string; end: string }) => void;
  onOpen: (sessionId: number) => void;
  /** A drop or a resize; `revert` puts the event back. */
  onMove: (move: SessionMove, revert: () => void) => void;
}

/** A dropped or resized event as a move of its session (club wall clock → instants). */
function moveOf({ event, revert }: EventDropArg | EventResizeDoneArg, timeZone: string) {
  const session = event.extendedProps.session as Session;
  const start = event.start ?? new Date(toCalendarTime(session.starts_at, timeZone));
  const length = Date.parse(session.ends_at) - Date.parse(session.starts_at);
  const end = event.end ?? new Date(start.getTime() + length);
  const move: SessionMove = {
    sessionId: session.id,
    title: session.title,
    inSeries: session.series_id !== null,
    startsAt: fromCalendarTime(start, timeZone),
    endsAt: fromCalendarTime(end, timeZone),
  };
  return { move, revert };
}

/**
 * FullCalendar 6 in Spanish: month, week, day and agenda views (the agenda on a phone),
 * weeks from Monday, times as Colombia writes them, in the club's timezone whatever the
 * browser's. It only draws and reports: the screen
 * fetches the visible range and decides what a click, a selection or a drop does.
 */
export function CalendarView(props: CalendarViewProps) {
  const { phone, timeZone } = props;
  return (
    <Box
      sx={{
        [`& .${CANCELLED_CLASS}`]: { borderStyle: 'dashed', textDecoration: 'line-through' },
        [`& .${CANCELLED_CLASS} *`]: { textDecoration: 'line-through' },
        // FullCalendar fades the other months' day numbers to 1.9:1; keep them readable.
        '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: 'text.secondary' },
        '& .fc .fc-toolbar-title': { fontSize: phone ? '1.1rem' : '1.5rem' },
        '& .fc .fc-toolbar.fc-header-toolbar': { flexWrap: 'wrap', gap: 1 },
        '& .fc .fc-button': { textTransform: 'none' },
        // The month's block events: the time keeps its width ('16:3' and '8:0(' were the
        // time squeezed by a long title) and the title ends in an ellipsis instead.
        '& .fc .fc-daygrid-event .fc-event-time': { flexShrink: 0, overflow: 'visible' },
        '& .fc .fc-daygrid-event .fc-event-title-container': { minWidth: 0, overflow: 'hidden' },
        '& .fc .fc-daygrid-event .fc-event-title': {
          display: 'block',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        },
        // A long title wraps (even inside a word) rather than widening the agenda's table.
        '& .fc .fc-list-event-title': { overflowWrap: 'anywhere' },
        ...(phone && {
          '& .fc .fc-list-table td, & .fc .fc-list-day-cushion': { px: 1 },
        }),
      }}
    >
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        locale={esLocale}
        timeZone="UTC"
        // Today is the club's: from 19:00 in Bogotá the UTC date is already tomorrow.
        now={() => toCalendarTime(new Date().toISOString(), timeZone)}
        firstDay={1}
        initialView={phone ? 'listWeek' : 'dayGridMonth'}
        headerToolbar={
          phone
            ? { left: 'prev,next', center: 'title', right: 'today' }
            : {
                left: 'prev,next today',
                center: 'title',
                right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
              }
        }
        footerToolbar={phone ? { center: 'listWeek,timeGridDay,dayGridMonth' } : undefined}
        height="auto"
        allDaySlot={false}
        slotMinTime="05:00:00"
        slotMaxTime="23:00:00"
        eventTimeFormat={TIME_FORMAT}
        slotLabelFormat={TIME_FORMAT}
        eventDisplay="block"
        views={{
          ...(phone && { list: PHONE_LIST }),
        }}
        buttonIcons={false}
        nowIndicator
        eventInteractive
        events={props.events}
        // A day cell named by its number alone would not match the events it holds (axe
        // label-content-name-mismatch): the cell is named by its content instead.
        dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
        selectable={props.selectable}
        selectMirror
        editable={props.editable}
        eventDurationEditable={props.editable}
        // The visible days from the club's midnight to the club's midnight.
        datesSet={({ start, end }) =>
          props.onRange({
            from: fromCalendarTime(start, timeZone),
            to: fromCalendarTime(end, timeZone),
          })
        }
        select={(info: DateSelectArg) => {
          info.view.calendar.unselect();
          props.onSelect({
            start: fromCalendarTime(info.start, timeZone),
            end: fromCalendarTime(info.end, timeZone),
          });
        }}
        eventClick={(info: EventClickArg) => {
          info.jsEvent.preventDefault();
          props.onOpen(Number(info.event.id));
        }}
        eventDrop={(info) => {
          const { move, revert } = moveOf(info, timeZone);
          props.onMove(move, revert);
        }}
        eventResize={(info) => {
          const { move, revert } = moveOf(info, timeZone);
          props.onMove(move, revert);
        }}
      />
    </Box>
  );
}
