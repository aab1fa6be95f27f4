import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  type AttendanceSave,
  type AttendanceSheet,
  attendanceMessages,
} from '../../../contract/attendance.schema';
import type { Db } from '../../db/client';
import { players } from '../../db/schema/players';
import { sessionAttendance, sessions } from '../../db/schema/sessions';
import { AppError, conflictOn, fieldError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { CalendarNotices } from '../notifications/calendar-notices';
import { absenceAlerts } from './absence-alerts';
import { readSheet } from './attendance-sheet';
import { type SessionTarget, populationOf, sessionTarget } from './session-target';

/*
 * The roll call of a session (issue #14): read, saved as a whole list (idempotent per
 * session and player), closed once (alerting absences), reopened by an owner. Every save
 * bumps `sessions.attendance_version` in the same transaction, guarded by the version the
 * list started from, so an offline roll call synced late never silently overwrites a
 * newer one (409 on `version`, unless `force`).
 */

export interface AttendanceService {
  sheet(request: FastifyRequest, sessionId: number): Promise<AttendanceSheet>;
  save(request: FastifyRequest, sessionId: number, input: AttendanceSave): Promise<AttendanceSheet>;
  close(request: FastifyRequest, sessionId: number): Promise<AttendanceSheet>;
  reopen(request: FastifyRequest, sessionId: number): Promise<AttendanceSheet>;
}

/** 409 for a session whose list cannot change: cancelled or closed. */
function refuseFrozen(target: Pick<SessionTarget, 'status' | 'attendanceClosedAt'>) {
  if (target.status === 'cancelled') throw new AppError(409, attendanceMessages.cancelledSession);
  if (target.attendanceClosedAt) throw new AppError(409, attendanceMessages.closed);
}

/** Refuses a player twice in the list (422 on `records`). */
function refuseRepeats(input: AttendanceSave) {
  const ids = input.records.map((record) => record.player_id);
  if (new Set(ids).size !== ids.length)
    throw fieldError('records', attendanceMessages.duplicatePlayer);
}

export function createAttendanceService({
  db,
  clock,
  notices,
}: {
  db: Db;
  clock: Clock;
  notices: CalendarNotices;
}): AttendanceService {
  /** 422 on `records.N.player_id` for the first player outside the sheet's population. */
  const refuseStrangers = async (tx: Db, target: SessionTarget, input: AttendanceSave) => {
    const ids = input.records.map((record) => record.player_id);
    const known = await tx
      .select({ id: players.userId })
      .from(players)
      .leftJoin(
        sessionAttendance,
        and(
          eq(sessionAttendance.sessionId, target.id),
          eq(sessionAttendance.playerUserId, players.userId),
        ),
      )
      .where(
        and(
          eq(players.clubId, target.clubId),
          inArray(players.userId, ids),
          or(populationOf(target, players), sql`${sessionAttendance.sessionId} is not null`),
        ),
      );
    const inSheet = new Set(known.map((row) => row.id));
    const index = ids.findIndex((id) => !inSheet.has(id));
    if (index >= 0)
      throw fieldError(`records.${index}.player_id`, attendanceMessages.notInCategory);
  };

  /** Whether every sent mark is already stored as sent (a repeat of a save that happened). */
  const alreadyStored = async (tx: Db, target: SessionTarget, input: AttendanceSave) => {
    const stored = await tx
      .select({
        id: sessionAttendance.playerUserId,
        status: sessionAttendance.status,
        note: sessionAttendance.note,
      })
      .from(sessionAttendance)
      .where(eq(sessionAttendance.sessionId, target.id));
    const byId = new Map(stored.map((row) => [row.id, row]));
    return input.records.every((record) => {
      const row = byId.get(record.player_id);
      return row?.status === record.status && row.note === (record.note ?? null);
    });
  };

  /** Why the guarded version bump touched nothing: closed, cancelled, or someone saved first. */
  const refuseStale = async (tx: Db, target: SessionTarget, input: AttendanceSave) => {
    const [now] = await tx
      .select({ status: sessions.status, attendanceClosedAt: sessions.attendanceClosedAt })
      .from(sessions)
      .where(eq(sessions.id, target.id));
    refuseFrozen(now!);
    if (!(await alreadyStored(tx, target, input)))
      throw conflictOn('version', attendanceMessages.conflict);
  };

  return {
    async sheet(request, sessionId) {
      return readSheet(db, await sessionTarget(db, request, sessionId, { manage: false }));
    },

    async save(request, sessionId, input) {
      refuseRepeats(input);
      const target = await sessionTarget(db, request, sessionId, { manage: true });
      refuseFrozen(target);
      await db.transaction(async (tx) => {
        await refuseStrangers(tx, target, input);
        const bumped = await tx
          .update(sessions)
          .set({ attendanceVersion: sql`${sessions.attendanceVersion} + 1` })
          .where(
            and(
              eq(sessions.id, target.id),
              isNull(sessions.attendanceClosedAt),
              ne(sessions.status, 'cancelled'),
              input.force ? undefined : eq(sessions.attendanceVersion, input.version),
            ),
          )
          .returning({ version: sessions.attendanceVersion });
        if (bumped.length === 0) return refuseStale(tx, target, input);
        const now = clock.now();
        await tx
          .insert(sessionAttendance)
          .values(
            input.records.map((record) => ({
              sessionId: target.id,
              playerUserId: record.player_id,
              clubId: target.clubId,
              status: record.status,
              note: record.note ?? null,
              recordedBy: target.callerId,
              recordedAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [sessionAttendance.sessionId, sessionAttendance.playerUserId],
            set: {
              status: sql`excluded.status`,
              note: sql`excluded.note`,
              recordedBy: sql`excluded.recorded_by`,
              recordedAt: sql`excluded.recorded_at`,
            },
          });
      });
      return readSheet(db, target);
    },

    async close(request, sessionId) {
      const target = await sessionTarget(db, request, sessionId, { manage: true });
      if (target.status === 'cancelled')
        throw new AppError(409, attendanceMessages.cancelledSession);
      const alerts = await db.transaction(async (tx) => {
        // Only the request whose update finds the list open closes it and alerts.
        const closed = await tx
          .update(sessions)
          .set({ attendanceClosedAt: clock.now(), attendanceClosedBy: target.callerId })
          .where(and(eq(sessions.id, target.id), isNull(sessions.attendanceClosedAt)))
          .returning({ id: sessions.id });
        if (closed.length === 0) return [];
        return absenceAlerts(tx, { clock, notices, target });
      });
      alerts.forEach((alert) => alert.dispatch());
      return readSheet(db, target);
    },

    async reopen(request, sessionId) {
      const target = await sessionTarget(db, request, sessionId, { manage: true });
      if (!target.access.managesClubWide)
        throw new AppError(403, attendanceMessages.reopenOnlyOwner);
      await db
        .update(sessions)
        .set({ attendanceClosedAt: null, attendanceClosedBy: null })
        .where(eq(sessions.id, target.id));
      return readSheet(db, target);
    },
  };
}
