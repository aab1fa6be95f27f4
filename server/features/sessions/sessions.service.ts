import type {
  Session,
  SessionCreate,
  SessionListQuery,
  SessionListResponse,
  SessionScope,
  SessionUpdate,
  SessionWriteResponse,
} from '../../../contract/sessions.schema';
import { sessionSeries, sessions } from '../../db/schema/sessions';
import { localDateTimeOf } from '../../../contract/club-time';
import { checkCategory, checkTrainer, clubTimeZone } from './session-checks';
import { cancelSessions, deleteSessions, recordResult } from './session-actions';
import { updateSessions } from './session-edits';
import { expandWeekly, occurrencesAt, rruleText, weeklyRuleOf } from './series-plan';
import { getSession, listSessions } from './sessions.queries';
import type { Caller, SessionDeps } from './sessions.types';

/*
 * A club's calendar (issue #14, DOMAIN.md "Calendar"): one session, or a weekly series
 * written as a `session_series` row and all its occurrences in one transaction; edits,
 * cancellations and deletes by scope (session-edits.ts, session-actions.ts). The club
 * guard has checked the sessions.* permission; `caller.access` narrows a trainer, a
 * player or a guardian to their part of the club.
 */

export interface SessionsService {
  list(caller: Caller, query: SessionListQuery): Promise<SessionListResponse>;
  get(caller: Caller, sessionId: number): Promise<Session>;
  create(caller: Caller, input: SessionCreate): Promise<SessionWriteResponse>;
  update(caller: Caller, sessionId: number, input: SessionUpdate): Promise<SessionWriteResponse>;
  cancel(
    caller: Caller,
    sessionId: number,
    input: { scope: SessionScope; reason?: string | null | undefined },
  ): Promise<SessionWriteResponse>;
  remove(
    caller: Caller,
    sessionId: number,
    scope: SessionScope,
  ): Promise<{ affected: number; kept: number }>;
  setResult(
    caller: Caller,
    sessionId: number,
    input: { score_ours: number; score_theirs: number },
  ): Promise<SessionWriteResponse>;
}

const MINUTE_MS = 60_000;

export function createSessionsService(deps: SessionDeps): SessionsService {
  const { db, clock } = deps;

  async function create(caller: Caller, input: SessionCreate): Promise<SessionWriteResponse> {
    const { clubId, userId, access } = caller;
    await checkCategory(db, clubId, input.category_id, access);
    await checkTrainer(db, clubId, input.trainer_id);
    const now = clock.now();
    const startsAt = new Date(input.starts_at);
    const endsAt = new Date(input.ends_at);
    const common = {
      clubId,
      categoryId: input.category_id,
      type: input.type,
      title: input.title,
      location: input.location ?? null,
      trainerUserId: input.trainer_id ?? null,
      notes: input.notes ?? null,
    };
    const fields = {
      ...common,
      opponent: input.opponent ?? null,
      homeAway: input.home_away ?? null,
      competition: input.competition ?? null,
      createdBy: userId,
      updatedBy: userId,
      createdAt: now,
      updatedAt: now,
    };
    const answer = async (id: number, affected: number) => ({
      session: await getSession(db, clubId, id, access),
      affected,
      kept: 0,
    });
    if (!input.recurrence) {
      const [row] = await db
        .insert(sessions)
        .values({ ...fields, startsAt, endsAt })
        .returning({ id: sessions.id });
      return answer(row!.id, 1);
    }
    // A series: its days from the local date of the start, at the local start time.
    const timeZone = await clubTimeZone(db, clubId);
    const local = localDateTimeOf(startsAt, timeZone);
    const rule = weeklyRuleOf(local.date, input.recurrence);
    const dates = expandWeekly(rule);
    const duration = Math.max(1, Math.round((endsAt.getTime() - startsAt.getTime()) / MINUTE_MS));
    const planned = occurrencesAt(dates, local.time, duration, timeZone);
    const ids = await db.transaction(async (tx) => {
      const [series] = await tx
        .insert(sessionSeries)
        .values({
          ...common,
          weekdays: [...rule.weekdays],
          startDate: rule.startDate,
          untilDate: rule.until,
          occurrenceCount: rule.count,
          startTime: local.time,
          durationMinutes: duration,
          timezone: timeZone,
          rrule: rruleText(rule),
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: sessionSeries.id });
      return tx
        .insert(sessions)
        .values(
          planned.map((occurrence) => ({
            ...fields,
            seriesId: series!.id,
            occurrenceDate: occurrence.occurrenceDate,
            startsAt: occurrence.startsAt,
            endsAt: occurrence.endsAt,
          })),
        )
        .returning({ id: sessions.id, startsAt: sessions.startsAt });
    });
    const first = [...ids].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0]!;
    return answer(first.id, ids.length);
  }

  return {
    list: (caller, query) => listSessions(db, caller.clubId, query, caller.access),
    get: (caller, sessionId) => getSession(db, caller.clubId, sessionId, caller.access),
    create,
    update: (caller, sessionId, input) => updateSessions(deps, caller, sessionId, input),
    cancel: (caller, sessionId, input) => cancelSessions(deps, caller, sessionId, input),
    remove: (caller, sessionId, scope) => deleteSessions(deps, caller, sessionId, scope),
    setResult: (caller, sessionId, input) => recordResult(deps, caller, sessionId, input),
  };
}
