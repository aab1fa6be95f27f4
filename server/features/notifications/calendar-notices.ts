import { eq } from 'drizzle-orm';
import type {
  NotificationPriority,
  NotificationType,
} from '../../../contract/notifications.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import type { Clock } from '../../lib/clock';
import {
  type CalendarItemFacts,
  type MatchScore,
  type SessionChange,
  attendanceAlertText,
  dayIn,
  eventReminderText,
  matchResultText,
  trainingUpdateText,
} from './calendar-notices.text';
import type { Notifier, NotifyResult } from './notify';

/*
 * What the calendar tells people (issue #13 item 2, DOMAIN.md "Calendar" and
 * "Notifications"): a session cancelled, moved or changed; an event 24 h before; a
 * player's absence to the guardian or the adult player; a match's result. The calendar
 * issue calls these with its executor (the db or its transaction) and the user ids to
 * tell; each goes through the notifier, so it is created once per user, type, subject and
 * day (the club's day, in its timezone) and e-mailed only to whom chose that type by
 * e-mail. The caller calls `dispatch()` on the answer once its transaction has committed.
 * Each logs one line of what it did, never the texts.
 */

/** Where every calendar notification takes the person: the calendar. */
export const CALENDAR_ACTION_URL = '/home/calendar';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Log {
  info: (details: object, message: string) => void;
}

/** Who to tell, in which club. */
interface Audience {
  clubId: number;
  /** User ids; repeated ids are told once. */
  recipients: readonly number[];
}

export interface TrainingUpdateInput extends Audience {
  session: CalendarItemFacts;
  change: SessionChange;
  /** For a moved session: when it was to start before. */
  previousStartsAt?: Date | null;
}

export interface EventReminderInput extends Audience {
  event: CalendarItemFacts;
}

export interface AttendanceAlertInput extends Audience {
  /** The session the player missed. */
  session: CalendarItemFacts;
  player: { id: number; name: string };
}

export interface MatchResultInput extends Audience {
  match: CalendarItemFacts & { opponent: string; score: MatchScore };
}

/** One notice, before the club's timezone is known. */
interface Notice {
  type: NotificationType;
  priority: NotificationPriority;
  subject: string;
  text: (timeZone: string) => { title: string; message: string };
  data: Record<string, unknown>;
}

export function createCalendarNotices({
  notifier,
  clock,
  log,
}: {
  notifier: Notifier;
  clock: Clock;
  log: Log;
}) {
  const timeZoneOf = async (executor: Db, clubId: number) => {
    const [club] = await executor
      .select({ timeZone: clubs.timezone })
      .from(clubs)
      .where(eq(clubs.id, clubId));
    return club?.timeZone ?? 'America/Bogota';
  };

  const send = async (executor: Db, audience: Audience, notice: Notice) => {
    const timeZone = await timeZoneOf(executor, audience.clubId);
    const result = await notifier.notify(executor, audience.recipients, {
      clubId: audience.clubId,
      type: notice.type,
      priority: notice.priority,
      ...notice.text(timeZone),
      actionUrl: CALENDAR_ACTION_URL,
      subject: notice.subject,
      day: dayIn(clock.now(), timeZone),
      data: notice.data,
    });
    log.info(
      {
        type: notice.type,
        subject: notice.subject,
        club_id: audience.clubId,
        recipients: new Set(audience.recipients).size,
        created: result.created,
        mails: result.mails.length,
      },
      `calendar notice: ${notice.type}`,
    );
    return result;
  };

  /** Starts within a day of now (or already started): the people need to know at once. */
  const isSoon = (at: Date) => at.getTime() - clock.now().getTime() < DAY_MS;

  return {
    /**
     * A session cancelled, moved or changed: high when cancelled or (before or after the
     * move) starting within 24 h, else medium. Subject `session:<id>:<change>`.
     */
    trainingUpdate: (executor: Db, input: TrainingUpdateInput): Promise<NotifyResult> => {
      const { session, change } = input;
      const previous = input.previousStartsAt ?? null;
      const urgent =
        change === 'cancelled' ||
        isSoon(session.startsAt) ||
        (previous !== null && isSoon(previous));
      return send(executor, input, {
        type: 'training_update',
        priority: urgent ? 'high' : 'medium',
        subject: `session:${session.id}:${change}`,
        text: (timeZone) => trainingUpdateText(change, session, previous, timeZone),
        data: {
          session_id: session.id,
          change,
          starts_at: session.startsAt.toISOString(),
          ...(previous ? { previous_starts_at: previous.toISOString() } : {}),
        },
      });
    },

    /** 24 h before an event (the calendar's timer calls it): medium, `event:<id>:reminder`. */
    eventReminder: (executor: Db, input: EventReminderInput): Promise<NotifyResult> =>
      send(executor, input, {
        type: 'event_reminder',
        priority: 'medium',
        subject: `event:${input.event.id}:reminder`,
        text: (timeZone) => eventReminderText(input.event, timeZone),
        data: { event_id: input.event.id, starts_at: input.event.startsAt.toISOString() },
      }),

    /**
     * An absence recorded once the list is closed, to the guardian of a minor or the
     * adult player: high, `attendance:<sessionId>:<playerId>`.
     */
    attendanceAlert: (executor: Db, input: AttendanceAlertInput): Promise<NotifyResult> =>
      send(executor, input, {
        type: 'attendance_alert',
        priority: 'high',
        subject: `attendance:${input.session.id}:${input.player.id}`,
        text: (timeZone) => attendanceAlertText(input.session, input.player.name, timeZone),
        data: { session_id: input.session.id, player_id: input.player.id },
      }),

    /** A match's result recorded: low, `match:<id>:result`, the score in the message. */
    matchResult: (executor: Db, input: MatchResultInput): Promise<NotifyResult> =>
      send(executor, input, {
        type: 'match_result',
        priority: 'low',
        subject: `match:${input.match.id}:result`,
        text: (timeZone) => matchResultText(input.match, timeZone),
        data: {
          match_id: input.match.id,
          score_ours: input.match.score.ours,
          score_theirs: input.match.score.theirs,
        },
      }),
  };
}

export type CalendarNotices = ReturnType<typeof createCalendarNotices>;
