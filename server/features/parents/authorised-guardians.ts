import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guardianLinks } from '../../db/schema/parents';
import { users } from '../../db/schema/users';
import type { Tx } from '../people/people.service';

/*
 * The authorised guardians of a club's children (DOMAIN.md "Parent-child links": only an
 * authorised link pays for or hears about a child), in one query for many children: who a
 * payment reminder goes to (payment-reminders.families.ts) and who makes children siblings
 * for a sibling rule (payment-generation/sibling-shares.ts).
 */

/** One authorised link of a child to an active guardian account. */
export interface AuthorisedGuardian {
  playerId: number;
  userId: number;
  name: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  /** Has a password: can sign in. */
  hasAccount: boolean;
  primary: boolean;
}

/** The authorised, active guardians of `playerIds` in `clubId`, primary first, then by id. */
export async function authorisedGuardiansOf(
  tx: Db | Tx,
  clubId: number,
  playerIds: readonly number[],
): Promise<AuthorisedGuardian[]> {
  if (playerIds.length === 0) return [];
  return tx
    .select({
      playerId: guardianLinks.playerId,
      userId: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      phone: users.phone,
      hasAccount: sql<boolean>`(${users.passwordHash} is not null)`,
      primary: guardianLinks.isPrimary,
    })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.guardianId))
    .where(
      and(
        eq(guardianLinks.clubId, clubId),
        // One array parameter, however many players (65,535 parameters at most).
        sql`${guardianLinks.playerId} = any(${sql.param([...playerIds])}::int[])`,
        eq(guardianLinks.status, 'authorized'),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(sql`${guardianLinks.isPrimary} desc`, users.id);
}

/** A child and one of its guardians: an account's id, or a contact on file ('email:…'). */
export interface GuardianOf {
  playerId: number;
  guardian: number | string;
}

/**
 * Siblings: children who share a guardian, directly or through a brother (Ana and Beto
 * share the mother, Beto and Caro the father: one family of three). Answers each child's
 * family as the smallest child id in it; a child without guardians is a family alone.
 */
export function siblingFamilies(
  playerIds: readonly number[],
  links: readonly GuardianOf[],
): Map<number, number> {
  const parent = new Map(playerIds.map((id) => [id, id]));
  const root = (id: number): number => {
    let at = id;
    while (parent.get(at) !== at) at = parent.get(at)!;
    parent.set(id, at);
    return at;
  };
  const firstChildOf = new Map<number | string, number>();
  for (const { playerId, guardian } of links) {
    if (!parent.has(playerId)) continue;
    const other = firstChildOf.get(guardian);
    if (other === undefined) {
      firstChildOf.set(guardian, playerId);
      continue;
    }
    const [a, b] = [root(other), root(playerId)];
    if (a !== b) parent.set(Math.max(a, b), Math.min(a, b));
  }
  return new Map(playerIds.map((id) => [id, root(id)]));
}
