import { type SQL, inArray, sql } from 'drizzle-orm';
import {
  type CommunicationAudience,
  COMMUNICATION_SAMPLE_SIZE,
  communicationMessages,
} from '../../../contract/communications.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';

/*
 * Who a mass communication reaches (issue #17), as SQL over `users`: a reachable account
 * (active, not locked, not deleted), never the sender, each person once however many
 * clubs or roles they hold.
 * - all: every reachable account, with or without a club;
 * - role: whoever holds that role in a club that is not archived ('Super Admin': the
 *   accounts with the platform flag, or holding that role);
 * - clubs: the members of the chosen clubs (any role).
 */

/** An account that may be told something: active, not locked by the super admin, not deleted. */
export const reachableUser = sql`(${users.status} = 'active' and ${users.lockedAt} is null and ${users.deletedAt} is null)`;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The condition on `users` of the audience (before the reachable and sender filters). */
function audienceCondition(audience: CommunicationAudience): SQL {
  switch (audience.kind) {
    case 'all':
      return sql`true`;
    case 'role': {
      const holders = sql`${users.id} in (select ${clubMemberships.userId} from ${clubMemberships}
        join ${roles} on ${roles.id} = ${clubMemberships.roleId}
        join ${clubs} on ${clubs.id} = ${clubMemberships.clubId}
        where ${roles.name} = ${audience.role} and ${clubs.status} <> 'archived')`;
      return audience.role === 'Super Admin' ? sql`(${users.isSuperAdmin} or ${holders})` : holders;
    }
    case 'clubs':
      return sql`${users.id} in (select ${clubMemberships.userId} from ${clubMemberships}
        where ${clubMemberships.clubId} in (${idList(audience.club_ids)}))`;
  }
}

/** 404 on audience.club_ids when one of the chosen clubs does not exist. */
export async function checkAudience(db: Db, audience: CommunicationAudience) {
  if (audience.kind !== 'clubs') return;
  const found = await db
    .select({ id: clubs.id })
    .from(clubs)
    .where(inArray(clubs.id, audience.club_ids));
  if (found.length !== audience.club_ids.length) {
    throw new AppError(404, communicationMessages.unknownClub, {
      errors: [{ path: 'audience.club_ids', message: communicationMessages.unknownClub }],
    });
  }
}

/** Everyone the audience reaches, as a condition on `users`. */
export const reachedSql = (audience: CommunicationAudience, senderId: number): SQL =>
  sql`(${reachableUser} and ${users.id} <> ${senderId} and ${audienceCondition(audience)})`;

const fullName = sql<string>`trim(${users.name} || ' ' || ${users.lastname})`;

/** How many it reaches, how many of them have an address, and the first names by name. */
export async function audienceFigures(db: Db, audience: CommunicationAudience, senderId: number) {
  await checkAudience(db, audience);
  const where = reachedSql(audience, senderId);
  const [counted] = await db
    .select({
      recipients: sql<number>`count(*)`.mapWith(Number),
      withEmail: sql<number>`count(${users.email})`.mapWith(Number),
    })
    .from(users)
    .where(where);
  const sample = await db
    .select({ name: fullName })
    .from(users)
    .where(where)
    .orderBy(sql`${fullName} collate "und-x-icu"`, users.id)
    .limit(COMMUNICATION_SAMPLE_SIZE);
  return {
    recipients: counted?.recipients ?? 0,
    with_email: counted?.withEmail ?? 0,
    sample: sample.map((row) => row.name),
  };
}
