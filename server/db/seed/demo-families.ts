import { sql } from 'drizzle-orm';
import type { Tx } from '../../features/people/people.service';
import { overdueSql, clubTodaySql } from '../../features/payments/money-figures';
import { categories } from '../schema/categories';
import { guardianLinks } from '../schema/parents';
import { payments } from '../schema/payments';
import { players } from '../schema/players';
import { rowsOf } from '../rows';

/*
 * The demo's family (issue #15 item 5): padre@demo.club is the authorised, primary
 * guardian of two current Sub-17 players (the first of them, by user id, with an overdue
 * payment on the seed's day; the next one without), and waits for the club's authorisation
 * of a third (the first current Sub-15 Femenino player). The three players
 * carry the parent's name, phone and e-mail as their guardian contact. Chosen by the
 * payments the seed has just made: deterministic for a given `now`, like the rest.
 */

/** The guardian contact the three children show (the demo parent's account). */
const PARENT_CONTACT = {
  guardianName: 'Pablo Padre Zúñiga',
  guardianPhone: '3001234567',
  guardianEmail: 'padre@demo.club',
  guardianRelationship: 'father',
} as const;

/** The current, active players of `category` (user ids ascending), with whether one is overdue. */
async function candidates(tx: Tx, clubId: number, category: string, now: Date) {
  const overdue = overdueSql(clubTodaySql(clubId, now));
  return rowsOf<{ user_id: number; overdue: boolean }>(
    await tx.execute(sql`
      select ${players.userId} as user_id, exists (
        select 1 from ${payments} where ${payments.clubId} = ${clubId}
          and ${payments.userId} = ${players.userId} and ${overdue}
      ) as overdue
      from ${players} join ${categories} on ${categories.id} = ${players.categoryId}
      where ${players.clubId} = ${clubId} and ${categories.name} = ${category}
        and ${players.inClub} and ${players.status} = 'active'
      order by ${players.userId}`),
  ).map((row) => ({ userId: Number(row.user_id), overdue: Boolean(row.overdue) }));
}

export async function seedDemoFamilies(
  tx: Tx,
  {
    clubId,
    parentId,
    playerAccountId,
    ownerId,
    now,
  }: { clubId: number; parentId: number; playerAccountId: number; ownerId: number; now: Date },
) {
  const sub17 = (await candidates(tx, clubId, 'Sub-17', now)).filter(
    (row) => row.userId !== playerAccountId,
  );
  const owing = sub17.find((row) => row.overdue);
  const settled = sub17.find((row) => !row.overdue && row !== owing);
  const [waiting] = await candidates(tx, clubId, 'Sub-15 Femenino', now);
  if (!owing || !settled || !waiting) throw new Error('demo families: no players to link');
  const authorised = { guardianId: parentId, clubId, isPrimary: true, decidedBy: ownerId };
  await tx.insert(guardianLinks).values([
    { ...authorised, playerId: owing.userId, status: 'authorized', decidedAt: now },
    { ...authorised, playerId: settled.userId, status: 'authorized', decidedAt: now },
    { clubId, playerId: waiting.userId, guardianId: parentId, status: 'pending' },
  ]);
  await tx
    .update(players)
    .set(PARENT_CONTACT)
    .where(
      sql`${players.clubId} = ${clubId} and ${players.userId} in (${owing.userId}, ${settled.userId}, ${waiting.userId})`,
    );
}
