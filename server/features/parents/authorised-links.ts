import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { guardianLinks } from '../../db/schema/parents';

/*
 * The one definition of "an authorised guardian" (DOMAIN.md "Parent–child links"): a
 * guardian_links row of the club whose status is 'authorized'. Pending and denied links
 * reach nothing. Every scope that lets a guardian reach a child (payments, players,
 * sessions, attendance) and every audience that tells a guardian about a child (session
 * and payment notices, announcements, reminders) reads these subqueries, never a list
 * loaded per row. guardian_links_guardian_idx answers the first, the primary key the second.
 */

/** The user ids of the players of club `clubId` that `guardianId` is authorised for. */
export const authorisedChildren = (
  clubId: number | SQLWrapper,
  guardianId: number | SQLWrapper,
): SQL =>
  sql`select ${guardianLinks.playerId} from ${guardianLinks} where ${guardianLinks.guardianId} = ${guardianId} and ${guardianLinks.status} = 'authorized' and ${guardianLinks.clubId} = ${clubId}`;

/** The user ids of the authorised guardians of player `playerId` in club `clubId`. */
export const authorisedGuardians = (
  clubId: number | SQLWrapper,
  playerId: number | SQLWrapper,
): SQL =>
  sql`select ${guardianLinks.guardianId} from ${guardianLinks} where ${guardianLinks.clubId} = ${clubId} and ${guardianLinks.playerId} = ${playerId} and ${guardianLinks.status} = 'authorized'`;
