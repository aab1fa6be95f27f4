import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CoGuardianInviteResponse,
  coGuardianMessages,
  type coGuardianInviteSchema,
} from '../../../contract/co-guardians.schema';
import { parentMessages } from '../../../contract/parents.schema';
import { guardianRelationshipLabels } from '../../../contract/players.schema';
import { clubPermissionRefusal } from '../../auth/require-club-permission';
import type { CurrentUser } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { invitations } from '../../db/schema/invitations';
import { guardianLinks } from '../../db/schema/parents';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { AppError, conflictOn, fieldError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit-log/record-audit';
import type { InvitationsService } from '../invitations/invitations.service';

type InviteInput = z.output<typeof coGuardianInviteSchema>;

/**
 * `POST /api/parents/child/{id}/invite-guardian` (issue #34 item 6): the child's authorised
 * primary guardian invites another adult as guardian of that child, the trust rules of
 * `PUT …/authorize`: no link to a current player of the club → 404 (the child is not
 * revealed); a link that is not the authorised primary one → 403. The other adult becomes
 * a guardian only by accepting the club's guardian invitation (e-mailed, 7 days). Its link
 * is authorised on acceptance, the primary guardian having asked for it, unless a pending
 * invitation of the club to that e-mail already names other children and waits for the
 * club: then the new one (which replaces it and carries its children) keeps waiting too,
 * so a guardian never authorises someone for another family's child.
 */
export async function inviteCoGuardian(
  deps: { db: Db; clock: Clock; invitations: InvitationsService },
  caller: CurrentUser,
  childId: number,
  input: InviteInput,
  ip: string,
): Promise<CoGuardianInviteResponse> {
  const { db, clock } = deps;
  const { club_id: clubId, email } = input;
  const refusal = await clubPermissionRefusal(db, caller, clubId, 'players.update');
  // A suspended club refuses its members whatever they come to do.
  if (refusal?.statusCode === 423) throw refusal;

  const [child] = await db
    .select({
      name: users.name,
      lastname: users.lastname,
      status: guardianLinks.status,
      isPrimary: guardianLinks.isPrimary,
    })
    .from(guardianLinks)
    .innerJoin(
      players,
      and(eq(players.clubId, guardianLinks.clubId), eq(players.userId, guardianLinks.playerId)),
    )
    .innerJoin(users, eq(users.id, guardianLinks.playerId))
    .where(
      and(
        eq(guardianLinks.clubId, clubId),
        eq(guardianLinks.playerId, childId),
        eq(guardianLinks.guardianId, caller.id),
        eq(players.inClub, true),
      ),
    );
  if (!child) throw new AppError(404, parentMessages.childNotFound);
  if (child.status !== 'authorized' || !child.isPrimary) {
    throw new AppError(403, coGuardianMessages.onlyPrimary);
  }
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, caller.id));
  if (me?.email?.toLowerCase() === email) throw fieldError('email', coGuardianMessages.yourself);
  const [linked] = await db
    .select({ id: users.id })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.guardianId))
    .where(
      and(
        eq(guardianLinks.clubId, clubId),
        eq(guardianLinks.playerId, childId),
        eq(users.email, email),
      ),
    );
  if (linked) throw conflictOn('email', coGuardianMessages.alreadyGuardian);

  // A pending invitation to that e-mail is replaced by this one, which carries its children.
  const pending = await db
    .select({ playerIds: invitations.playerIds, authorize: invitations.authorizeOnAccept })
    .from(invitations)
    .where(
      and(
        eq(invitations.clubId, clubId),
        eq(invitations.email, email),
        eq(invitations.type, 'guardian'),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, clock.now()),
      ),
    );
  const others = pending.flatMap((row) => row.playerIds).filter((id) => id !== childId);
  const playerIds = [...new Set([childId, ...others])];
  const authorizeOnAccept = others.length === 0 || pending.every((row) => row.authorize);
  const named = await db
    .select({ name: users.name, lastname: users.lastname })
    .from(users)
    .where(inArray(users.id, playerIds))
    .orderBy(asc(users.id));
  const childName = `${child.name} ${child.lastname}`.trim();
  const relationship = guardianRelationshipLabels[input.relationship];
  await deps.invitations.create(
    clubId,
    caller,
    { email, type: 'guardian' },
    {
      playerIds,
      childNames: named.map((row) => `${row.name} ${row.lastname}`.trim()),
      authorizeOnAccept,
      inviteeName: input.name,
      relationship,
      inTransaction: (tx, invitationId) =>
        recordAudit(tx, {
          actorUserId: caller.id,
          action: 'guardian.invited',
          clubId,
          targetType: 'invitation',
          targetId: invitationId,
          details: {
            email,
            name: input.name,
            relationship: input.relationship,
            player_ids: playerIds,
            authorize_on_accept: authorizeOnAccept,
            as: 'primary',
          },
          ip,
        }),
    },
  );
  return {
    data: { email, player_id: childId },
    message: coGuardianMessages.invited(email, childName),
  };
}
