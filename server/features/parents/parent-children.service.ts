import { and, asc, eq } from 'drizzle-orm';
import type {
  ChildIdentity,
  ChildIdentityUpdate,
  ParentChild,
} from '../../../contract/parents.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { guardianLinks } from '../../db/schema/parents';
import { users } from '../../db/schema/users';
import type { Clock } from '../../lib/clock';
import { byName } from '../../lib/list-query';
import { identityColumns, updateChildIdentity } from './child-identity';
import { familySummariesOf, summaryKey } from './family-summary';

/*
 * What a family reads about itself (issue #15, parent-children.routes.ts): only the
 * caller's own rows, selected in SQL by their user id (guardian_links.guardian_id).
 */

const personOf = (row: { playerId: number; name: string; lastname: string }) => ({
  id: row.playerId,
  name: row.name,
  lastname: row.lastname,
});

/** The guardian's links in active clubs, by club name then child name; summaries for the authorised. */
export async function childrenOf(db: Db, guardianId: number, now: Date): Promise<ParentChild[]> {
  const rows = await db
    .select({
      clubId: guardianLinks.clubId,
      clubName: clubs.name,
      playerId: guardianLinks.playerId,
      name: users.name,
      lastname: users.lastname,
      status: guardianLinks.status,
      isPrimary: guardianLinks.isPrimary,
      identity: identityColumns,
    })
    .from(guardianLinks)
    .innerJoin(clubs, and(eq(clubs.id, guardianLinks.clubId), eq(clubs.status, 'active')))
    .innerJoin(users, eq(users.id, guardianLinks.playerId))
    .where(eq(guardianLinks.guardianId, guardianId))
    .orderBy(
      asc(byName(clubs.name)),
      asc(clubs.id),
      asc(byName(users.lastname)),
      asc(byName(users.name)),
      asc(users.id),
    );
  const authorised = rows.filter((row) => row.status === 'authorized');
  const summaries = await familySummariesOf(db, authorised, now);
  return rows.map((row) => ({
    club: { id: row.clubId, name: row.clubName },
    player: personOf(row),
    status: row.status,
    is_primary: row.isPrimary,
    summary: row.status === 'authorized' ? (summaries.get(summaryKey(row)) ?? null) : null,
    identity: row.status === 'authorized' ? (row.identity as ChildIdentity) : null,
  }));
}

/** A guardian's children and the identity they may change (parent-children.routes.ts). */
export function createParentChildrenService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** The guardian's links in active clubs, with the summaries of the authorised ones. */
    children: (guardianId: number) => childrenOf(db, guardianId, clock.now()),
    /** Changes a child's identity; 404 unless the guardian has an authorised link. */
    updateIdentity: (guardianId: number, playerId: number, input: ChildIdentityUpdate) =>
      updateChildIdentity(db, clock, guardianId, playerId, input),
  };
}

export type ParentChildrenService = ReturnType<typeof createParentChildrenService>;
