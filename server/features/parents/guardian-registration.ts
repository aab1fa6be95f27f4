import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthResponse } from '../../../contract/auth.schema';
import {
  DATA_POLICY_VERSION,
  type guardianRegisterSchema,
  parentMessages,
} from '../../../contract/parents.schema';
import type { CurrentUser } from '../../auth/require-user';
import { dataConsents, guardianLinks } from '../../db/schema/parents';
import { players } from '../../db/schema/players';
import { conflictOn } from '../../lib/app-error';
import { recordAudit } from '../audit-log/record-audit';
import type { GuardianAcceptHook } from '../invitations/guardian-invitation';
import type { InvitationsService } from '../invitations/invitations.service';
import type { Tx } from '../people/people.service';

type RegisterInput = z.output<typeof guardianRegisterSchema>;

/** The longest browser description a consent keeps. */
export const USER_AGENT_MAX = 300;

/** Where a consent was given from: the caller's IP and browser. */
export interface ConsentOrigin {
  ip: string;
  userAgent: string | undefined;
}

/**
 * `POST /api/parents/register/{token}` (issue #15): the acceptance of a guardian
 * invitation (a new account, or the signed-in invitee; locked, single use) with, in the
 * same transaction, the children's links and the data-processing consent of the version
 * the guardian read (409 when the text changed since). Answers like login.
 */
export async function registerGuardian(
  invitations: InvitationsService,
  token: string,
  caller: CurrentUser | null,
  input: RegisterInput,
  origin: ConsentOrigin,
): Promise<AuthResponse> {
  if (input.data_policy_version !== DATA_POLICY_VERSION) {
    throw conflictOn('data_policy_version', parentMessages.consentOutdated);
  }
  return invitations.accept(token, caller, input, guardianAcceptance(origin));
}

/**
 * What runs in the acceptance's transaction: a link to each child of the invitation who
 * is still a player of the club (authorised by the inviter when the club chose so, else
 * pending; primary when authorised and the child has no primary yet; an existing link
 * is kept as it is), the consent row and the audit row. The children's player rows are
 * locked in id order, as every decision about a child's primary guardian does.
 */
function guardianAcceptance(origin: ConsentOrigin): GuardianAcceptHook {
  return async (tx, { invitation, userId, now }) => {
    const clubId = invitation.clubId;
    const authorized = invitation.authorizeOnAccept;
    const children = await lockChildren(tx, clubId, invitation.playerIds, userId);
    const withPrimary = new Set(
      children.length === 0 || !authorized
        ? []
        : (
            await tx
              .select({ playerId: guardianLinks.playerId })
              .from(guardianLinks)
              .where(
                and(
                  eq(guardianLinks.clubId, clubId),
                  inArray(guardianLinks.playerId, children),
                  eq(guardianLinks.isPrimary, true),
                ),
              )
          ).map((row) => row.playerId),
    );
    const linked =
      children.length === 0
        ? []
        : await tx
            .insert(guardianLinks)
            .values(
              children.map((playerId) => ({
                clubId,
                playerId,
                guardianId: userId,
                status: authorized ? ('authorized' as const) : ('pending' as const),
                isPrimary: authorized && !withPrimary.has(playerId),
                invitationId: invitation.id,
                createdAt: now,
                decidedBy: authorized ? invitation.invitedBy : null,
                decidedAt: authorized ? now : null,
              })),
            )
            .onConflictDoNothing({
              target: [guardianLinks.clubId, guardianLinks.playerId, guardianLinks.guardianId],
            })
            .returning({ playerId: guardianLinks.playerId });
    await tx.insert(dataConsents).values({
      userId,
      clubId,
      version: DATA_POLICY_VERSION,
      acceptedAt: now,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'guardian.registered',
      clubId,
      targetType: 'invitation',
      targetId: invitation.id,
      details: {
        player_ids: linked.map((row) => row.playerId),
        status: authorized ? 'authorized' : 'pending',
        data_policy_version: DATA_POLICY_VERSION,
      },
      ip: origin.ip,
      at: now,
    });
  };
}

/** The invitation's children still in the club (never the guardian themself), locked. */
async function lockChildren(tx: Tx, clubId: number, playerIds: number[], guardianId: number) {
  if (playerIds.length === 0) return [];
  const rows = await tx
    .select({ id: players.userId })
    .from(players)
    .where(
      and(
        eq(players.clubId, clubId),
        inArray(players.userId, playerIds),
        eq(players.inClub, true),
        ne(players.userId, guardianId),
      ),
    )
    .orderBy(asc(players.userId))
    .for('no key update');
  return rows.map((row) => row.id);
}
