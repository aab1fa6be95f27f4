import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { guardianLinks } from '../../db/schema/parents';
import { players } from '../../db/schema/players';
import { categoryTrainers, trainers } from '../../db/schema/trainers';
import { users } from '../../db/schema/users';
import { rowsOf } from '../../db/rows';

/*
 * Who a session concerns (issue #14 item 3): the current, active players of its category
 * (of the whole club for a club-wide one), the authorised guardians of such a player
 * (guardian_links; pending or denied links are told nothing), and the category's active
 * trainers (every active trainer of the club for a club-wide one). Only active accounts.
 */

/** User ids as one Postgres array literal (one parameter, however many). */
const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** The user ids a notice about a session of `categoryId` (null: club-wide) goes to, in one statement. */
export async function sessionAudience(
  db: Db,
  clubId: number,
  categoryId: number | null,
): Promise<number[]> {
  const ofCategory = categoryId === null ? sql`true` : sql`${players.categoryId} = ${categoryId}`;
  const current = sql`${players.clubId} = ${clubId} and ${ofCategory} and ${players.inClub} and ${players.status} = 'active'`;
  const trainerOfCategory =
    categoryId === null
      ? sql`${categoryTrainers.categoryId} in (select ${categories.id} from ${categories} where ${categories.clubId} = ${clubId})`
      : sql`${categoryTrainers.categoryId} = ${categoryId}`;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select ${users.id} as id from ${players} join ${users} on ${users.id} = ${players.userId}
        where ${current} and ${users.status} = 'active'
      union
      select ${users.id} from ${players}
        join ${guardianLinks} on ${guardianLinks.clubId} = ${players.clubId} and ${guardianLinks.playerId} = ${players.userId} and ${guardianLinks.status} = 'authorized'
        join ${users} on ${users.id} = ${guardianLinks.guardianId}
        where ${current} and ${users.status} = 'active'
      union
      select ${users.id} from ${categoryTrainers}
        join ${users} on ${users.id} = ${categoryTrainers.userId}
        join ${trainers} on ${trainers.userId} = ${categoryTrainers.userId} and ${trainers.clubId} = ${clubId}
        where ${trainerOfCategory} and ${trainers.status} = 'active' and ${users.status} = 'active'
      order by 1`),
  );
  return rows.map((row) => Number(row.id));
}

/**
 * For each of `playerIds` (user ids of club `clubId`'s players): the active accounts of
 * their authorised guardians. A player without one is absent from the map.
 */
export async function guardiansOf(
  db: Db,
  clubId: number,
  playerIds: readonly number[],
): Promise<Map<number, number[]>> {
  const guardians = new Map<number, number[]>();
  if (playerIds.length === 0) return guardians;
  const rows = rowsOf<{ player_id: number; guardian_id: number }>(
    await db.execute(sql`
      select ${guardianLinks.playerId} as player_id, ${users.id} as guardian_id
      from ${guardianLinks} join ${users} on ${users.id} = ${guardianLinks.guardianId}
      where ${guardianLinks.clubId} = ${clubId}
        and ${guardianLinks.playerId} = any(${idArray(playerIds)}::int[])
        and ${guardianLinks.status} = 'authorized'
        and ${users.status} = 'active'
      order by 1, 2`),
  );
  for (const row of rows) {
    const playerId = Number(row.player_id);
    guardians.set(playerId, [...(guardians.get(playerId) ?? []), Number(row.guardian_id)]);
  }
  return guardians;
}
