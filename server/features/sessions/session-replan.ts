import { eq, inArray } from 'drizzle-orm';
import type { Recurrence, SessionScope } from '../../../contract/sessions.schema';
import type { Db } from '../../db/client';
import { sessionSeries, sessions } from '../../db/schema/sessions';
import { addDays, localDateTimeOf } from '../../../contract/club-time';
import { type StoredSession, reachOf, seriesOf } from './session-checks';
import type { SessionFieldChanges } from './session-changes';
import type { NoticeSubject } from './session-notices';
import { expandWeekly, occurrencesAt, rruleText, weeklyRuleOf } from './series-plan';

/*
 * A series re-planned with a new rule (issue #14, `PATCH` with `recurrence` and scope
 * following or series): the reached occurrences still to come that have neither
 * attendance nor call-ups are deleted, the others kept (with the field changes), and the
 * new rule's occurrences still to come are inserted at once, skipping the days a kept
 * occurrence holds. 'series' re-writes the series row from its first day; 'following'
 * ends the old series the day before this occurrence and starts a new series there.
 */

export interface ReplanInput {
  target: StoredSession;
  scope: Exclude<SessionScope, 'this'>;
  recurrence: Recurrence;
  changes: SessionFieldChanges;
  times: { startsAt: Date; endsAt: Date };
  timeZone: string;
  now: Date;
  userId: number;
}

export interface ReplanResult {
  affected: number;
  kept: number;
  /** The first occurrence still to come, for the notice. */
  first: NoticeSubject | undefined;
  /** The session to answer with: the target if it stayed, else the first of the new rule. */
  answerId: number;
}

export async function replanSeries(executor: Db, input: ReplanInput): Promise<ReplanResult> {
  const { target, scope, changes, times, timeZone, now, userId } = input;
  const series = await seriesOf(executor, target.seriesId!);
  const reach = await reachOf(executor, target, scope, now);
  const local = localDateTimeOf(times.startsAt, timeZone);
  const startDate =
    scope === 'series' ? series.startDate : (input.target.occurrenceDate ?? local.date);
  const rule = weeklyRuleOf(startDate, input.recurrence);
  const dates = expandWeekly(rule);
  const duration = Math.max(
    1,
    Math.round((times.endsAt.getTime() - times.startsAt.getTime()) / 60_000),
  );
  const planned = occurrencesAt(dates, local.time, duration, timeZone);

  const removable = reach.rows.filter(
    (row) => row.startsAt >= now && !row.hasAttendance && !row.hasCallUps,
  );
  const staying = reach.rows.filter((row) => !removable.includes(row));
  if (removable.length > 0) {
    await executor.delete(sessions).where(
      inArray(
        sessions.id,
        removable.map((row) => row.id),
      ),
    );
  }
  const stamp = { updatedBy: userId, updatedAt: now };
  const upcomingKept = staying.filter((row) => row.startsAt >= now).map((row) => row.id);
  if (upcomingKept.length > 0 && Object.keys(changes).length > 0) {
    await executor
      .update(sessions)
      .set({ ...changes, ...stamp })
      .where(inArray(sessions.id, upcomingKept));
  }

  const { opponent: _o, homeAway: _h, competition: _c, ...seriesFields } = changes;
  const ruleColumns = {
    weekdays: [...rule.weekdays],
    untilDate: rule.until,
    occurrenceCount: rule.count,
    startTime: local.time,
    durationMinutes: duration,
    timezone: timeZone,
    rrule: rruleText(rule),
    updatedAt: now,
  };
  let seriesId = series.id;
  if (scope === 'series') {
    await executor
      .update(sessionSeries)
      .set({ ...seriesFields, ...ruleColumns })
      .where(eq(sessionSeries.id, series.id));
  } else {
    const oldUntil = addDays(startDate, -1);
    const oldRule = { ...series, startDate: series.startDate, until: oldUntil, count: null };
    await executor
      .update(sessionSeries)
      .set({
        untilDate: oldUntil,
        occurrenceCount: null,
        rrule: rruleText(oldRule),
        updatedAt: now,
      })
      .where(eq(sessionSeries.id, series.id));
    const { id: _id, createdAt: _created, ...template } = series;
    const [created] = await executor
      .insert(sessionSeries)
      .values({
        ...template,
        ...seriesFields,
        ...ruleColumns,
        startDate,
        createdBy: userId,
        createdAt: now,
      })
      .returning({ id: sessionSeries.id });
    seriesId = created!.id;
    // The kept occurrences still to come belong to the new series from here on.
    if (upcomingKept.length > 0) {
      await executor.update(sessions).set({ seriesId }).where(inArray(sessions.id, upcomingKept));
    }
  }

  // The days a kept occurrence holds are not planned twice.
  const taken = new Set(
    (
      await executor
        .select({ day: sessions.occurrenceDate })
        .from(sessions)
        .where(inArray(sessions.seriesId, [series.id, seriesId]))
    ).map((row) => row.day),
  );
  const fields = {
    clubId: series.clubId,
    categoryId: changes.categoryId !== undefined ? changes.categoryId : target.categoryId,
    type: changes.type ?? target.type,
    title: changes.title ?? target.title,
    location: changes.location !== undefined ? changes.location : target.location,
    trainerUserId:
      changes.trainerUserId !== undefined ? changes.trainerUserId : target.trainerUserId,
    notes: changes.notes !== undefined ? changes.notes : target.notes,
    opponent: changes.opponent !== undefined ? changes.opponent : target.opponent,
    homeAway: changes.homeAway !== undefined ? changes.homeAway : target.homeAway,
    competition: changes.competition !== undefined ? changes.competition : target.competition,
    createdBy: userId,
    createdAt: now,
    ...stamp,
  };
  const toInsert = planned.filter(
    (occurrence) => occurrence.startsAt >= now && !taken.has(occurrence.occurrenceDate),
  );
  const inserted =
    toInsert.length === 0
      ? []
      : await executor
          .insert(sessions)
          .values(toInsert.map((occurrence) => ({ ...fields, seriesId, ...occurrence })))
          .returning({ id: sessions.id, startsAt: sessions.startsAt });
  const first = [...inserted].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  const targetStays = !removable.some((row) => row.id === target.id);
  return {
    answerId: targetStays ? target.id : (first?.id ?? upcomingKept[0] ?? target.id),
    affected: inserted.length + upcomingKept.length,
    kept: reach.kept + staying.length - upcomingKept.length,
    first: first && {
      id: first.id,
      title: fields.title,
      startsAt: first.startsAt,
      location: fields.location,
    },
  };
}
