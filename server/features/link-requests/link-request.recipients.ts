import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { ADULT_AGE, ageOn, isoToday } from '../../../contract/people.schema';
import type { Db } from '../../db/client';
import { guardianLinks } from '../../db/schema/parents';
import { users } from '../../db/schema/users';
import type { Tx } from '../people/people.service';

/*
 * Who answers a link request (issue #33 item 1): for a minor (birth date known, under
 * ADULT_AGE on today's Bogotá date) every user holding an authorised guardian link to the
 * person in any club and having an account; for an adult (or an unknown birth date) the
 * person if they have an account, else only the person's e-mail on file (a token link).
 * The same rule decides who may answer in the app, so it is read again at answer time.
 */

export interface Recipients {
  /** True when the person is a minor and the accounts are their guardians. */
  minor: boolean;
  /** Accounts that may answer in the app (and get a notification and a link). */
  accounts: { id: number; email: string | null }[];
  /** The adult person's e-mail when they have no account: a token link only. */
  emailOnly: string | null;
}

export async function recipientsOf(db: Db | Tx, personId: number, now: Date): Promise<Recipients> {
  const [person] = await db
    .select({
      id: users.id,
      email: users.email,
      birthDate: users.birthDate,
      hasAccount: isNotNull(users.passwordHash),
    })
    .from(users)
    .where(eq(users.id, personId));
  if (!person) return { minor: false, accounts: [], emailOnly: null };
  const minor = person.birthDate !== null && ageOn(person.birthDate, isoToday(now)) < ADULT_AGE;
  if (!minor) {
    return person.hasAccount
      ? { minor, accounts: [{ id: person.id, email: person.email }], emailOnly: null }
      : { minor, accounts: [], emailOnly: person.email };
  }
  const guardians = await db
    .selectDistinct({ id: users.id, email: users.email })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.guardianId))
    .where(
      and(
        eq(guardianLinks.playerId, personId),
        eq(guardianLinks.status, 'authorized'),
        isNotNull(users.passwordHash),
      ),
    )
    .orderBy(users.id);
  return { minor, accounts: guardians, emailOnly: null };
}

/** Whether `userId` may answer requests about `personId` (see `recipientsOf`). */
export async function mayAnswerFor(db: Db | Tx, userId: number, personId: number, now: Date) {
  const { accounts } = await recipientsOf(db, personId, now);
  return accounts.some((account) => account.id === userId);
}

/** SQL: the people `userId` answers for (themself, and the minors they guard), as ids. */
export const answerableSql = (userId: number) => sql`(
  select ${userId}::int
  union
  select g.player_id from ${guardianLinks} g where g.guardian_id = ${userId} and g.status = 'authorized'
)`;
