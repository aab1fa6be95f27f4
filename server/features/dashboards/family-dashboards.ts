import { and, asc, eq } from 'drizzle-orm';
import type { ParentDashboardEntry, PlayerDashboardEntry } from '../../../contract/parents.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { byName } from '../../lib/list-query';
import { childrenOf } from '../parents/parent-children.service';
import { familySummariesOf, summaryKey } from '../parents/family-summary';
import { familyChartsOf } from './family-charts';

/*
 * The player's and the parent's dashboards (issues #15 and #16): the family summaries of
 * family-summary.ts plus the charts of family-charts.ts, for every key at once. Each
 * answers only the caller's own rows, selected in SQL by their user id (players.user_id,
 * guardian_links.guardian_id): there is no id in the request to reach another family.
 */

/** The caller's own current player rows in active clubs, with their summaries and charts. */
export async function playerDashboardOf(
  db: Db,
  userId: number,
  now: Date,
): Promise<PlayerDashboardEntry[]> {
  const rows = await db
    .select({
      clubId: players.clubId,
      clubName: clubs.name,
      playerId: players.userId,
      name: users.name,
      lastname: users.lastname,
    })
    .from(players)
    .innerJoin(clubs, and(eq(clubs.id, players.clubId), eq(clubs.status, 'active')))
    .innerJoin(users, eq(users.id, players.userId))
    .where(and(eq(players.userId, userId), eq(players.inClub, true)))
    .orderBy(asc(byName(clubs.name)), asc(clubs.id));
  const [summaries, charts] = await Promise.all([
    familySummariesOf(db, rows, now),
    familyChartsOf(db, rows, now),
  ]);
  return rows.flatMap((row) => {
    const summary = summaries.get(summaryKey(row));
    const chart = charts.get(summaryKey(row));
    if (!summary || !chart) return [];
    const player = { id: row.playerId, name: row.name, lastname: row.lastname };
    return [{ club: { id: row.clubId, name: row.clubName }, player, summary, charts: chart }];
  });
}

/** The guardian's children of `GET /api/parents/children`, with charts for the authorised. */
export async function parentDashboardOf(
  db: Db,
  guardianId: number,
  now: Date,
): Promise<ParentDashboardEntry[]> {
  const children = await childrenOf(db, guardianId, now);
  const keys = children
    .filter((child) => child.status === 'authorized')
    .map((child) => ({ clubId: child.club.id, playerId: child.player.id }));
  const charts = await familyChartsOf(db, keys, now);
  return children.map((child) => {
    const key = summaryKey({ clubId: child.club.id, playerId: child.player.id });
    const chart = child.status === 'authorized' ? charts.get(key) : undefined;
    return { ...child, charts: chart ?? null };
  });
}
