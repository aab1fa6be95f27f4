import { and, asc, desc, eq } from 'drizzle-orm';
import { ADULT_AGE, ageOn } from '../../../contract/people.schema';
import type { Db } from '../../db/client';
import { guardianLinks } from '../../db/schema/parents';
import { users } from '../../db/schema/users';

/*
 * Who paid, as a receipt an accountant reads names them (issue #34 item 5): for a minor,
 * the authorised guardian (DOMAIN.md: only an authorised link pays the child's payments).
 */

/** The payer a receipt names: full name and document ('CC 52123456'), if known. */
export interface Payer {
  name: string;
  document: string | null;
}

/** 'name lastname', either one missing left out. */
export const fullName = (name: string | null, lastname: string | null) =>
  [name, lastname].filter(Boolean).join(' ');

/** A person's document as receipts write it ('CC 52123456'), or null without a number. */
export const documentText = (type: string | null, number: string | null) =>
  number ? [type, number].filter(Boolean).join(' ') : null;

/**
 * Who paid the payment of player `userId` in club `clubId` with the record recorded by
 * `recordedBy` on `paidOn`. An adult (or a player whose birth date the club never gave)
 * pays for themselves. A minor's payer is an authorised guardian: the one who recorded
 * the record (a family's proof of payment), else the primary one, else the first
 * authorised; with none, the guardian's name the club keeps on the player's file.
 */
export async function payerOf(
  db: Db,
  {
    clubId,
    userId,
    recordedBy,
    paidOn,
  }: { clubId: number; userId: number; recordedBy: number; paidOn: string },
  player: {
    name: string;
    document: string | null;
    birthDate: string | null;
    guardianName: string | null;
  },
): Promise<Payer | null> {
  if (!player.birthDate || ageOn(player.birthDate, paidOn) >= ADULT_AGE) {
    return { name: player.name, document: player.document };
  }
  const guardians = await db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      documentType: users.documentType,
      documentNumber: users.documentNumber,
    })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.guardianId))
    .where(
      and(
        eq(guardianLinks.clubId, clubId),
        eq(guardianLinks.playerId, userId),
        eq(guardianLinks.status, 'authorized'),
      ),
    )
    .orderBy(desc(guardianLinks.isPrimary), asc(guardianLinks.createdAt), asc(users.id));
  const guardian = guardians.find((g) => g.id === recordedBy) ?? guardians[0];
  if (guardian) {
    return {
      name: fullName(guardian.name, guardian.lastname),
      document: documentText(guardian.documentType, guardian.documentNumber),
    };
  }
  return player.guardianName ? { name: player.guardianName, document: null } : null;
}
