import type { Db } from '../../../server/db/client';
import { guardianLinks } from '../../../server/db/schema/parents';

/**
 * A guardian_links row written directly: `guardianId` is the guardian of the player
 * `playerId` (who has a players row in `clubId`), authorised unless told otherwise.
 * Only an authorised link reaches the child (server/features/parents/authorised-links.ts).
 */
export async function linkGuardian(
  db: Db,
  {
    clubId,
    playerId,
    guardianId,
    status = 'authorized',
    isPrimary = false,
  }: {
    clubId: number;
    playerId: number;
    guardianId: number;
    status?: 'pending' | 'authorized' | 'denied';
    isPrimary?: boolean;
  },
) {
  await db
    .insert(guardianLinks)
    .values({
      clubId,
      playerId,
      guardianId,
      status,
      isPrimary,
      decidedAt: status === 'pending' ? null : new Date(),
    })
    .onConflictDoUpdate({
      target: [guardianLinks.clubId, guardianLinks.playerId, guardianLinks.guardianId],
      set: { status, isPrimary },
    });
}
