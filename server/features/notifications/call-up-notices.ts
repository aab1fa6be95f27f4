import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import type { Clock } from '../../lib/clock';
import { type CalendarItemFacts, dayIn, whenText, whereText } from './calendar-notices.text';
import type { Notifier, NotifyResult } from './notify';

/*
 * What a call-up tells people (issue #14, convocatorias): a player called up for a match
 * or event, and the reminder to those who have not answered, each to the player and
 * their guardians. Type `event_reminder`, subjects `callup:<sessionId>` and
 * `callup:<sessionId>:reminder`, so the notifier creates each once per person and club
 * day; the link opens the session in the calendar, where they answer. The caller calls
 * `dispatch()` on the answer once its transaction has committed. Each logs one line of
 * what it did, never the texts.
 */

interface Log {
  info: (details: object, message: string) => void;
}

export interface CallUpNoticeInput {
  clubId: number;
  /** The players and their guardians; repeated ids are told once. */
  recipients: readonly number[];
  session: CalendarItemFacts;
}

/** Where a call-up takes the family: the session in the calendar. */
export const callUpActionUrl = (sessionId: number) => `/home/calendar?session=${sessionId}`;

/** 'Convocatoria: Partido vs Tigres' and when, where, and the question. */
export const callUpText = (session: CalendarItemFacts, timeZone: string, reminder: boolean) => ({
  title: `${reminder ? 'Recordatorio de convocatoria' : 'Convocatoria'}: ${session.title}`,
  message: `${reminder ? 'Aún no respondes a la convocatoria de ' : 'Te convocaron a '}${session.title}, el ${whenText(session.startsAt, timeZone)}${whereText(session.location)}. ¿Vas? Responde en el calendario.`,
});

export function createCallUpNotices({
  notifier,
  clock,
  log,
}: {
  notifier: Notifier;
  clock: Clock;
  log: Log;
}) {
  const send = async (
    executor: Db,
    input: CallUpNoticeInput,
    reminder: boolean,
  ): Promise<NotifyResult> => {
    const [club] = await executor
      .select({ timeZone: clubs.timezone })
      .from(clubs)
      .where(eq(clubs.id, input.clubId));
    const timeZone = club?.timeZone ?? 'America/Bogota';
    const subject = `callup:${input.session.id}${reminder ? ':reminder' : ''}`;
    const result = await notifier.notify(executor, input.recipients, {
      clubId: input.clubId,
      type: 'event_reminder',
      priority: reminder ? 'high' : 'medium',
      ...callUpText(input.session, timeZone, reminder),
      actionUrl: callUpActionUrl(input.session.id),
      subject,
      day: dayIn(clock.now(), timeZone),
      data: { session_id: input.session.id, starts_at: input.session.startsAt.toISOString() },
    });
    log.info(
      {
        subject,
        club_id: input.clubId,
        recipients: new Set(input.recipients).size,
        created: result.created,
        mails: result.mails.length,
      },
      `call-up notice${reminder ? ': reminder' : ''}`,
    );
    return result;
  };

  return {
    /** Newly called up: medium, `callup:<sessionId>`. */
    callUp: (executor: Db, input: CallUpNoticeInput) => send(executor, input, false),
    /** Not answered yet: high, `callup:<sessionId>:reminder`. */
    reminder: (executor: Db, input: CallUpNoticeInput) => send(executor, input, true),
  };
}

export type CallUpNotices = ReturnType<typeof createCallUpNotices>;
