import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ADULT_AGE, ageOn, isoToday } from '../../../contract/people.schema';
import {
  type PhotoConsentState,
  parentMessages,
  photoChannels,
  type photoConsentSchema,
} from '../../../contract/parents.schema';
import type { CurrentUser } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { guardianLinks, photoConsents } from '../../db/schema/parents';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit-log/record-audit';
import type { Tx } from '../people/people.service';

type PhotoConsentInput = z.output<typeof photoConsentSchema>;

/** A child's photo consent in every channel; no row is no consent. */
export async function photoConsentOf(
  db: Db | Tx,
  clubId: number,
  playerId: number,
): Promise<PhotoConsentState> {
  const rows = await db
    .select({ channel: photoConsents.channel, granted: photoConsents.granted })
    .from(photoConsents)
    .where(and(eq(photoConsents.clubId, clubId), eq(photoConsents.playerId, playerId)));
  const granted = new Map(rows.map((row) => [row.channel, row.granted]));
  return Object.fromEntries(
    photoChannels.map((channel) => [channel, granted.get(channel) ?? false]),
  ) as PhotoConsentState;
}

/**
 * Whether `caller` decides the photos of `childId` in `clubId`: the child's authorised
 * guardian there, or the player themself when an adult current player of the club. The
 * club's staff do not: a family gives the consent.
 */
async function decidesPhotos(
  db: Db,
  today: string,
  caller: CurrentUser,
  clubId: number,
  childId: number,
): Promise<boolean> {
  if (caller.id === childId) {
    const [self] = await db
      .select({ birthDate: users.birthDate })
      .from(players)
      .innerJoin(users, eq(users.id, players.userId))
      .where(
        and(eq(players.clubId, clubId), eq(players.userId, childId), eq(players.inClub, true)),
      );
    return self !== undefined && (!self.birthDate || ageOn(self.birthDate, today) >= ADULT_AGE);
  }
  const [link] = await db
    .select({ status: guardianLinks.status })
    .from(guardianLinks)
    .where(
      and(
        eq(guardianLinks.clubId, clubId),
        eq(guardianLinks.playerId, childId),
        eq(guardianLinks.guardianId, caller.id),
        eq(guardianLinks.status, 'authorized'),
      ),
    );
  return link !== undefined;
}

/**
 * `PUT /api/parents/child/{id}/photo-consent` (issue #15): gives or withdraws the photo
 * consent of one channel for the child `{id}` in `club_id`, recorded with who and when
 * and an audit row; anyone who does not decide the child's photos gets 404 (the child is
 * not revealed). Answers the child's consent in every channel.
 */
export async function setPhotoConsent(
  deps: { db: Db; clock: Clock },
  caller: CurrentUser,
  childId: number,
  input: PhotoConsentInput,
  ip: string,
): Promise<PhotoConsentState> {
  const { db, clock } = deps;
  const { club_id: clubId, channel, granted } = input;
  const now = clock.now();
  if (!(await decidesPhotos(db, isoToday(now), caller, clubId, childId))) {
    throw new AppError(404, parentMessages.childNotFound);
  }
  return db.transaction(async (tx) => {
    const decision = { granted, decidedBy: caller.id, decidedAt: now };
    await tx
      .insert(photoConsents)
      .values({ clubId, playerId: childId, channel, ...decision })
      .onConflictDoUpdate({
        target: [photoConsents.clubId, photoConsents.playerId, photoConsents.channel],
        set: decision,
      });
    await recordAudit(tx, {
      actorUserId: caller.id,
      action: 'photo_consent.changed',
      clubId,
      targetType: 'player',
      targetId: childId,
      details: { channel, granted },
      ip,
      at: now,
    });
    return photoConsentOf(tx, clubId, childId);
  });
}
