import { eq, inArray } from 'drizzle-orm';
import {
  type SessionScope,
  type SessionWriteResponse,
  sessionMessages,
} from '../../../contract/sessions.schema';
import type { Db } from '../../db/client';
import { sessionSeries, sessions } from '../../db/schema/sessions';
import { AppError, conflictOn, fieldError } from '../../lib/app-error';
import { managedSession, reachOf } from './session-checks';
import { audienceOf, tellChange } from './session-notices';
import type { Caller, SessionDeps } from './sessions.types';
import { getSession } from './sessions.queries';

/*
 * Cancelling, deleting and recording a match's result (issue #14). Cancelling keeps the
 * rows (status and reason); deleting removes only occurrences without attendance and
 * without call-ups, and the series row once it has none left. Past occurrences with
 * attendance are history: no scope reaches them.
 */

/** `POST …/sessions/{sessionId}/cancel`: the reached scheduled occurrences are cancelled. */
export async function cancelSessions(
  deps: SessionDeps,
  caller: Caller,
  sessionId: number,
  input: { scope: SessionScope; reason?: string | null | undefined },
): Promise<SessionWriteResponse> {
  const { db, clock, notices } = deps;
  const { clubId, userId, access } = caller;
  const target = await managedSession(db, clubId, sessionId, access);
  const now = clock.now();
  if (input.scope === 'this' && target.status === 'cancelled')
    throw new AppError(409, sessionMessages.alreadyCancelled);
  const { affected, kept, told } = await db.transaction(async (tx) => {
    const executor = tx as unknown as Db;
    const reach = await reachOf(executor, target, input.scope, now);
    // One asked for by itself is cancelled even when done; a scope cancels what is planned.
    const rows = reach.rows.filter((row) =>
      input.scope === 'this' ? row.status !== 'cancelled' : row.status === 'scheduled',
    );
    if (rows.length === 0) throw new AppError(409, sessionMessages.alreadyCancelled);
    await executor
      .update(sessions)
      .set({
        status: 'cancelled',
        cancelReason: input.reason ?? null,
        updatedBy: userId,
        updatedAt: now,
      })
      .where(
        inArray(
          sessions.id,
          rows.map((row) => row.id),
        ),
      );
    const upcoming = rows.find((row) => row.startsAt > now);
    const told = await tellChange(executor, notices, {
      clubId,
      actorId: userId,
      categoryIds: [target.categoryId],
      session: upcoming,
      change: 'cancelled',
    });
    return { affected: rows.length, kept: reach.kept, told };
  });
  told.dispatch();
  return { session: await getSession(db, clubId, target.id, access), affected, kept };
}

/** `DELETE …/sessions/{sessionId}?scope=`: what has attendance or call-ups is kept. */
export async function deleteSessions(
  deps: SessionDeps,
  caller: Caller,
  sessionId: number,
  scope: SessionScope,
): Promise<{ affected: number; kept: number }> {
  const { db, clock } = deps;
  const target = await managedSession(db, caller.clubId, sessionId, caller.access);
  if (scope === 'this' && target.hasAttendance)
    throw conflictOn('scope', sessionMessages.hasAttendance);
  if (scope === 'this' && target.hasCallUps) throw conflictOn('scope', sessionMessages.hasCallUps);
  return db.transaction(async (tx) => {
    const executor = tx as unknown as Db;
    const reach = await reachOf(executor, target, scope, clock.now());
    const deletable = reach.rows.filter((row) => !row.hasAttendance && !row.hasCallUps);
    if (deletable.length > 0) {
      await executor.delete(sessions).where(
        inArray(
          sessions.id,
          deletable.map((row) => row.id),
        ),
      );
    }
    if (target.seriesId !== null) {
      const [left] = await executor
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.seriesId, target.seriesId))
        .limit(1);
      if (!left) await executor.delete(sessionSeries).where(eq(sessionSeries.id, target.seriesId));
    }
    return {
      affected: deletable.length,
      kept: reach.kept + reach.rows.length - deletable.length,
    };
  });
}

/** `PUT …/sessions/{sessionId}/result`: a match's or tournament's score; it is then done. */
export async function recordResult(
  deps: SessionDeps,
  caller: Caller,
  sessionId: number,
  input: { score_ours: number; score_theirs: number },
): Promise<SessionWriteResponse> {
  const { db, clock, notices } = deps;
  const { clubId, userId, access } = caller;
  const target = await managedSession(db, clubId, sessionId, access);
  if (target.type !== 'match' && target.type !== 'tournament')
    throw fieldError('score_ours', sessionMessages.resultOnlyMatch);
  if (target.status === 'cancelled') throw new AppError(409, sessionMessages.resultOfCancelled);
  const told = await db.transaction(async (tx) => {
    const executor = tx as unknown as Db;
    await executor
      .update(sessions)
      .set({
        scoreOurs: input.score_ours,
        scoreTheirs: input.score_theirs,
        status: 'done',
        updatedBy: userId,
        updatedAt: clock.now(),
      })
      .where(eq(sessions.id, target.id));
    const recipients = await audienceOf(executor, clubId, [target.categoryId], userId);
    if (recipients.length === 0) return undefined;
    return notices.matchResult(executor, {
      clubId,
      recipients,
      match: {
        id: target.id,
        title: target.title,
        startsAt: target.startsAt,
        location: target.location,
        opponent: target.opponent ?? target.title,
        score: { ours: input.score_ours, theirs: input.score_theirs },
      },
    });
  });
  told?.dispatch();
  return { session: await getSession(db, clubId, target.id, access), affected: 1, kept: 0 };
}
