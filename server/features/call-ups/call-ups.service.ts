import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  type CallUpList,
  type CallUpReply,
  callUpMessages,
} from '../../../contract/call-ups.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { players } from '../../db/schema/players';
import { sessionCallUps } from '../../db/schema/sessions';
import { AppError, fieldError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type SessionTarget, populationOf, sessionTarget } from '../attendance/session-target';
import type { CallUpNotices } from '../notifications/call-up-notices';
import { dayIn } from '../notifications/calendar-notices.text';
import { guardiansOf } from '../sessions/session-audience';
import { mayAnswerFor, readCallUps } from './call-up-list';

/*
 * Call-ups (issue #14): a manager sets who is called up (new ones pending and told, with
 * their guardians; the ones left out removed), the player, a guardian or a manager
 * answers, and a manager reminds the silent ones once per club day.
 */

export interface CallUpsService {
  list(request: FastifyRequest, sessionId: number): Promise<CallUpList>;
  set(request: FastifyRequest, sessionId: number, playerIds: number[]): Promise<CallUpList>;
  answer(
    request: FastifyRequest,
    sessionId: number,
    playerId: number,
    input: CallUpReply,
  ): Promise<CallUpList>;
  remind(request: FastifyRequest, sessionId: number): Promise<{ reminded: number }>;
}

const refuseCancelled = (target: SessionTarget) => {
  if (target.status === 'cancelled') throw new AppError(409, callUpMessages.cancelledSession);
};

const factsOf = (target: SessionTarget) => ({
  id: target.id,
  title: target.title,
  startsAt: target.startsAt,
  location: target.location,
});

/** The players and their guardians' accounts, for one notice. */
async function withGuardians(tx: Db, clubId: number, playerIds: number[]) {
  const guardians = await guardiansOf(tx, clubId, playerIds);
  return [...playerIds, ...[...guardians.values()].flat()];
}

export function createCallUpsService({
  db,
  clock,
  notices,
}: {
  db: Db;
  clock: Clock;
  notices: CallUpNotices;
}): CallUpsService {
  /** 422 on `player_ids` unless each is in the session's population or already called up. */
  const refuseStrangers = async (tx: Db, target: SessionTarget, ids: number[]) => {
    if (ids.length === 0) return;
    const known = await tx
      .select({ id: players.userId })
      .from(players)
      .leftJoin(
        sessionCallUps,
        and(
          eq(sessionCallUps.sessionId, target.id),
          eq(sessionCallUps.playerUserId, players.userId),
        ),
      )
      .where(
        and(
          eq(players.clubId, target.clubId),
          inArray(players.userId, ids),
          or(populationOf(target, players), sql`${sessionCallUps.sessionId} is not null`),
        ),
      );
    const inSession = new Set(known.map((row) => row.id));
    const strangers = ids.filter((id) => !inSession.has(id));
    if (strangers.length > 0)
      throw fieldError('player_ids', `${callUpMessages.notInSession}: ${strangers.join(', ')}`);
  };

  return {
    async list(request, sessionId) {
      return readCallUps(db, await sessionTarget(db, request, sessionId, { manage: false }));
    },

    async set(request, sessionId, playerIds) {
      const target = await sessionTarget(db, request, sessionId, { manage: true });
      refuseCancelled(target);
      const ids = [...new Set(playerIds)];
      const told = await db.transaction(async (tx) => {
        await refuseStrangers(tx, target, ids);
        await tx
          .delete(sessionCallUps)
          .where(
            and(
              eq(sessionCallUps.sessionId, target.id),
              ids.length > 0 ? notInArray(sessionCallUps.playerUserId, ids) : undefined,
            ),
          );
        if (ids.length === 0) return null;
        const added = await tx
          .insert(sessionCallUps)
          .values(
            ids.map((id) => ({
              sessionId: target.id,
              playerUserId: id,
              clubId: target.clubId,
              calledBy: target.callerId,
              createdAt: clock.now(),
            })),
          )
          .onConflictDoNothing()
          .returning({ id: sessionCallUps.playerUserId });
        if (added.length === 0) return null;
        const recipients = await withGuardians(
          tx,
          target.clubId,
          added.map((row) => row.id),
        );
        return notices.callUp(tx, { clubId: target.clubId, recipients, session: factsOf(target) });
      });
      told?.dispatch();
      return readCallUps(db, target);
    },

    async answer(request, sessionId, playerId, input) {
      const target = await sessionTarget(db, request, sessionId, { manage: false });
      if (!(await mayAnswerFor(db, target, playerId)))
        throw new AppError(403, callUpMessages.notYourPlayer);
      refuseCancelled(target);
      const answered = await db
        .update(sessionCallUps)
        .set({
          answer: input.answer,
          reason: input.reason ?? null,
          answeredBy: target.callerId,
          answeredAt: clock.now(),
        })
        .where(
          and(eq(sessionCallUps.sessionId, target.id), eq(sessionCallUps.playerUserId, playerId)),
        )
        .returning({ id: sessionCallUps.playerUserId });
      if (answered.length === 0) throw new AppError(404, callUpMessages.notCalledUp);
      return readCallUps(db, target);
    },

    async remind(request, sessionId) {
      const target = await sessionTarget(db, request, sessionId, { manage: true });
      refuseCancelled(target);
      const now = clock.now();
      const [club] = await db
        .select({ timeZone: clubs.timezone })
        .from(clubs)
        .where(eq(clubs.id, target.clubId));
      const today = dayIn(now, club?.timeZone ?? 'America/Bogota');
      const tz = club?.timeZone ?? 'America/Bogota';
      const told = await db.transaction(async (tx) => {
        // Reminded today already (the club's day): not again.
        const reminded = await tx
          .update(sessionCallUps)
          .set({ remindedAt: now })
          .where(
            and(
              eq(sessionCallUps.sessionId, target.id),
              eq(sessionCallUps.answer, 'pending'),
              sql`(${sessionCallUps.remindedAt} is null or (${sessionCallUps.remindedAt} at time zone ${tz})::date < ${today}::date)`,
            ),
          )
          .returning({ id: sessionCallUps.playerUserId });
        if (reminded.length === 0) return { count: 0, result: null };
        const ids = reminded.map((row) => row.id);
        const recipients = await withGuardians(tx, target.clubId, ids);
        const result = await notices.reminder(tx, {
          clubId: target.clubId,
          recipients,
          session: factsOf(target),
        });
        return { count: ids.length, result };
      });
      told.result?.dispatch();
      return { reminded: told.count };
    },
  };
}
