import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { players } from '../../db/schema/players';
import { categoryTrainers, trainers } from '../../db/schema/trainers';
import { users } from '../../db/schema/users';

/*
 * Who a session concerns (issue #14 item 3): the current, active players of its category
 * (of the whole club for a club-wide one), the accounts whose e-mail is such a player's
 * guardian_email (until the families issue links guardians), and the category's active
 * trainers (every active trainer of the club for a club-wide one). Only active accounts.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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
      select ${users.id} from ${players} join ${users} on ${users.email} = lower(trim(${players.guardianEmail}))
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
 * For each of `playerIds` (user ids of club `clubId`'s players): the active accounts whose
 * e-mail is the player's guardian_email. A player without one is absent from the map.
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
      select ${players.userId} as player_id, ${users.id} as guardian_id
      from ${players} join ${users} on ${users.email} = lower(trim(${players.guardianEmail}))
      where ${players.clubId} = ${clubId}
        and ${players.userId} = any(${idArray(playerIds)}::int[])
        and ${users.status} = 'active'
      order by 1, 2`),
  );
  for (const row of rows) {
    const playerId = Number(row.player_id);
    guardians.set(playerId, [...(guardians.get(playerId) ?? []), Number(row.guardian_id)]);
  }
  return guardians;
}
