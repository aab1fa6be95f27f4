import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CallUpList } from '../../../contract/call-ups.schema';
import type { Db } from '../../db/client';
import { players } from '../../db/schema/players';
import { sessionCallUps } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { byName } from '../../lib/list-query';
import { type SessionTarget, childrenOf } from '../attendance/session-target';

/*
 * A session's call-ups as the caller reads them (issue #14): the summary of every answer,
 * the rows the caller may see (a manager all; a family their own and their children's),
 * and whom they may answer for: everyone for a manager, else themself and their children
 * when called up.
 */

const answerer = alias(users, 'answerer');

export async function readCallUps(db: Db, target: SessionTarget): Promise<CallUpList> {
  const rows = await db
    .select({
      player_id: sessionCallUps.playerUserId,
      name: sql<string>`${users.name} || ' ' || ${users.lastname}`,
      photo_url: users.photoUrl,
      answer: sessionCallUps.answer,
      reason: sessionCallUps.reason,
      answered_at: sessionCallUps.answeredAt,
      answered_by_name: sql<string | null>`${answerer.name} || ' ' || ${answerer.lastname}`,
      reminded_at: sessionCallUps.remindedAt,
      category_id: players.categoryId,
      mine: target.canManage
        ? sql<boolean>`true`
        : sql<boolean>`(${sessionCallUps.playerUserId} = ${target.callerId} or ${sessionCallUps.playerUserId} in (${childrenOf(target.clubId, target.callerId)}))`,
      visible: sql<boolean>`coalesce(${target.rowsOf(sessionCallUps.playerUserId, players.categoryId) ?? sql`true`}, false)`,
    })
    .from(sessionCallUps)
    .innerJoin(users, eq(users.id, sessionCallUps.playerUserId))
    .leftJoin(
      players,
      and(
        eq(players.clubId, sessionCallUps.clubId),
        eq(players.userId, sessionCallUps.playerUserId),
      ),
    )
    .leftJoin(answerer, eq(answerer.id, sessionCallUps.answeredBy))
    .where(eq(sessionCallUps.sessionId, target.id))
    .orderBy(byName(users.lastname), byName(users.name), sessionCallUps.playerUserId);
  const count = (answer: string) => rows.filter((row) => row.answer === answer).length;
  return {
    summary: {
      called: rows.length,
      yes: count('yes'),
      no: count('no'),
      maybe: count('maybe'),
      pending: count('pending'),
    },
    can_manage: target.canManage,
    answerable_player_ids: rows.filter((row) => row.mine).map((row) => row.player_id),
    data: rows
      .filter((row) => row.visible)
      .map(({ category_id: _category, mine: _mine, visible: _visible, ...row }) => ({
        ...row,
        answered_at: row.answered_at?.toISOString() ?? null,
        reminded_at: row.reminded_at?.toISOString() ?? null,
      })),
  };
}

/** Whether the caller may answer for `playerId`: a manager, the player, or their guardian. */
export async function mayAnswerFor(db: Db, target: SessionTarget, playerId: number) {
  if (target.canManage || playerId === target.callerId) return true;
  const [row] = await db
    .select({ id: players.userId })
    .from(players)
    .where(
      and(
        eq(players.userId, playerId),
        sql`${players.userId} in (${childrenOf(target.clubId, target.callerId)})`,
      ),
    );
  return row !== undefined;
}
