import { eq, inArray, sql } from 'drizzle-orm';
import {
  type SessionUpdate,
  type SessionWriteResponse,
  sessionMessages,
} from '../../../contract/sessions.schema';
import type { Db } from '../../db/client';
import { sessionSeries, sessions } from '../../db/schema/sessions';
import { fieldError } from '../../lib/app-error';
import { addDays, daysBetween, localDateTimeOf, zonedInstant } from '../../../contract/club-time';
import {
  type StoredSession,
  checkCategory,
  checkTrainer,
  clubTimeZone,
  managedSession,
  reachOf,
  seriesOf,
} from './session-checks';
import { tellChange } from './session-notices';
import { fieldChanges, seriesChanges } from './session-changes';
import { replanSeries } from './session-replan';
import type { Caller, SessionDeps } from './sessions.types';
import { getSession } from './sessions.queries';

/*
 * `PATCH …/sessions/{sessionId}` (issue #14): the fields sent change on the occurrences
 * the scope reaches (and on the series row); a new start or end moves 'this' to the exact
 * instants, and the following or the whole series by the same wall-clock change (day
 * shift, new local time and length), so 18:00 stays 18:00 across DST. A new `recurrence`
 * re-plans the series (session-replan.ts). One transaction; one notice per write.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The new start and end: the ones sent, a moved start keeping the length. */
function newTimes(target: StoredSession, input: SessionUpdate) {
  const startsAt = input.starts_at ? new Date(input.starts_at) : target.startsAt;
  const length = target.endsAt.getTime() - target.startsAt.getTime();
  const endsAt = input.ends_at ? new Date(input.ends_at) : new Date(startsAt.getTime() + length);
  const span = endsAt.getTime() - startsAt.getTime();
  if (span <= 0) throw fieldError('ends_at', sessionMessages.endBeforeStart);
  if (span > DAY_MS) throw fieldError('ends_at', sessionMessages.tooLong);
  return { startsAt, endsAt };
}

/** Moves `rows` to the instants of `moves`, in one statement. */
async function moveRows(
  executor: Db,
  moves: { id: number; startsAt: Date; endsAt: Date }[],
  stamp: { updatedBy: number; updatedAt: Date },
) {
  if (moves.length === 0) return;
  const list = (values: string[]) => `{${values.join(',')}}`;
  await executor.execute(sql`update ${sessions}
    set starts_at = v.starts_at, ends_at = v.ends_at,
      updated_by = ${stamp.updatedBy}, updated_at = ${stamp.updatedAt.toISOString()}::timestamptz
    from unnest(${list(moves.map((m) => String(m.id)))}::int[],
      ${list(moves.map((m) => m.startsAt.toISOString()))}::timestamptz[],
      ${list(moves.map((m) => m.endsAt.toISOString()))}::timestamptz[]) as v(id, starts_at, ends_at)
    where ${sessions.id} = v.id`);
}

export async function updateSessions(
  deps: SessionDeps,
  caller: Caller,
  sessionId: number,
  input: SessionUpdate,
): Promise<SessionWriteResponse> {
  const { db, clock, notices } = deps;
  const { clubId, userId, access } = caller;
  const target = await managedSession(db, clubId, sessionId, access);
  const scope = input.scope;
  if (input.recurrence && scope === 'this')
    throw fieldError('recurrence', sessionMessages.recurrenceNeedsScope);
  if (scope !== 'this' && target.seriesId === null)
    throw fieldError('scope', sessionMessages.scopeNeedsSeries);
  if (input.category_id !== undefined) await checkCategory(db, clubId, input.category_id, access);
  await checkTrainer(db, clubId, input.trainer_id);
  const times = newTimes(target, input);
  const timesSent = input.starts_at !== undefined || input.ends_at !== undefined;
  const changes = fieldChanges(input);
  const now = clock.now();
  const stamp = { updatedBy: userId, updatedAt: now };
  // Both the old and the new category's people hear of it (null = the whole club).
  const categoryIds = [
    target.categoryId,
    changes.categoryId !== undefined ? changes.categoryId : target.categoryId,
  ];
  const timeZone = await clubTimeZone(db, clubId);

  const { affected, kept, told, answerId } = await db.transaction(async (tx) => {
    const executor = tx as unknown as Db;
    if (input.recurrence) {
      const plan = await replanSeries(executor, {
        target,
        scope: scope as 'following' | 'series',
        recurrence: input.recurrence,
        changes,
        times,
        timeZone,
        now,
        userId,
      });
      const told = await tellChange(executor, notices, {
        clubId,
        actorId: userId,
        categoryIds,
        session: plan.first,
        change: 'changed',
      });
      return { affected: plan.affected, kept: plan.kept, told, answerId: plan.answerId };
    }
    const reach = await reachOf(executor, target, scope, now);
    const ids = reach.rows.map((row) => row.id);
    if (ids.length > 0 && Object.keys(changes).length > 0) {
      await executor
        .update(sessions)
        .set({ ...changes, ...stamp })
        .where(inArray(sessions.id, ids));
    }
    // Where each reached row goes: 'this' to the instants sent, the others by the same
    // change of local day, time of day and length.
    let moves: { id: number; startsAt: Date; endsAt: Date }[] = [];
    if (timesSent && scope === 'this') moves = [{ id: target.id, ...times }];
    else if (timesSent) {
      const from = localDateTimeOf(target.startsAt, timeZone);
      const to = localDateTimeOf(times.startsAt, timeZone);
      const shift = daysBetween(from.date, to.date);
      const length = times.endsAt.getTime() - times.startsAt.getTime();
      moves = reach.rows.map((row) => {
        const day = addDays(localDateTimeOf(row.startsAt, timeZone).date, shift);
        const startsAt = zonedInstant(day, to.time, timeZone);
        return { id: row.id, startsAt, endsAt: new Date(startsAt.getTime() + length) };
      });
    }
    await moveRows(executor, moves, stamp);
    if (scope !== 'this') {
      const series = await seriesOf(executor, target.seriesId!);
      const local = localDateTimeOf(times.startsAt, timeZone);
      const shift = daysBetween(localDateTimeOf(target.startsAt, timeZone).date, local.date);
      await executor
        .update(sessionSeries)
        .set({
          ...seriesChanges(changes),
          ...(timesSent
            ? {
                startTime: local.time,
                durationMinutes: Math.max(
                  1,
                  Math.round((times.endsAt.getTime() - times.startsAt.getTime()) / 60_000),
                ),
                weekdays: series.weekdays.map((day) => ((((day - 1 + shift) % 7) + 7) % 7) + 1),
              }
            : {}),
          updatedAt: now,
        })
        .where(eq(sessionSeries.id, series.id));
    }
    // One notice per write: the first reached occurrence still to come.
    const movedTo = new Map(moves.map((move) => [move.id, move.startsAt]));
    const upcoming = reach.rows
      .map((row) => ({ row, startsAt: movedTo.get(row.id) ?? row.startsAt }))
      .filter(({ row, startsAt }) => row.status === 'scheduled' && startsAt > now)
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
    const moved = upcoming && upcoming.startsAt.getTime() !== upcoming.row.startsAt.getTime();
    const told = await tellChange(executor, notices, {
      clubId,
      actorId: userId,
      categoryIds,
      session: upcoming && {
        id: upcoming.row.id,
        title: changes.title ?? upcoming.row.title,
        startsAt: upcoming.startsAt,
        location: changes.location !== undefined ? changes.location : upcoming.row.location,
      },
      change: moved ? 'moved' : 'changed',
      previousStartsAt: moved ? upcoming.row.startsAt : null,
    });
    return { affected: reach.rows.length, kept: reach.kept, told, answerId: target.id };
  });
  told.dispatch();
  return { session: await getSession(db, clubId, answerId, access), affected, kept };
}
