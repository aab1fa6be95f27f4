import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ClubInvitation,
  type invitationCreateSchema,
  invitationMessages,
  invitationTypeOfRole,
  roleOfInvitationType,
} from '../../../contract/invitations.schema';
import { clubMessages } from '../../../contract/clubs.schema';
import { memberMessages } from '../../../contract/members.schema';
import type { CurrentUser } from '../../auth/require-user';
import { roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { invitations } from '../../db/schema/invitations';
import { clubMemberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { hashSecretToken } from '../../lib/secret-token';
import { AppError, fieldError } from '../../lib/app-error';
import { addMs } from '../../lib/clock';
import { badField } from '../members/members.service';
import { invitationLink, invitationMail } from './invitation.mail';
import { createInvitationAnswers } from './invitation-answers.service';
import {
  INVITATION_TTL_MS,
  type InvitationRow,
  type GuardianInvitationExtras,
  type InvitationsDeps,
  fullName,
  statusAt,
} from './invitations.rules';

type CreateInput = z.output<typeof invitationCreateSchema>;

/**
 * Invitations to join a club in a role (DOMAIN.md "Invitations"). The club side (create,
 * list, revoke) runs behind settings.manage; the invitee side (read, accept, reject)
 * is public and identified by the token alone, of which only the sha256 is stored.
 */
export function createInvitationsService(deps: InvitationsDeps) {
  const { db, clock, outbox, appUrl } = deps;
  /** Invitations of a club with their role and inviter, as the club sees them. */
  function clubInvitationQuery() {
    return db
      .select({
        invitation: invitations,
        roleName: roles.name,
        inviterName: users.name,
        inviterLastname: users.lastname,
      })
      .from(invitations)
      .innerJoin(roles, eq(roles.id, invitations.roleId))
      .leftJoin(users, eq(users.id, invitations.invitedBy));
  }

  function toClubInvitation(
    row: {
      invitation: InvitationRow;
      roleName: string;
      inviterName: string | null;
      inviterLastname: string | null;
    },
    now: Date,
  ): ClubInvitation {
    const { invitation } = row;
    return {
      id: invitation.id,
      email: invitation.email,
      role: { id: invitation.roleId, name: row.roleName },
      type: invitation.type,
      status: statusAt(invitation, now),
      invited_by: fullName(row.inviterName, row.inviterLastname),
      created_at: invitation.createdAt.toISOString(),
      expires_at: invitation.expiresAt.toISOString(),
    };
  }

  return {
    /**
     * Sends an invitation: a 64-hex-character token (only its sha256 stored), valid for
     * INVITATION_TTL_DAYS, mailed through the outbox. Any older pending invitation for the
     * same club, e-mail and role is revoked in the same transaction, so only the newest
     * link works. `guardian`: a guardian invitation's children (see its type).
     */
    async create(
      clubId: number,
      inviter: CurrentUser,
      input: CreateInput,
      guardian?: GuardianInvitationExtras,
    ) {
      // By id, else by the stable type ('trainer'): the caller need not know role names.
      const byType = input.type === undefined ? undefined : roleOfInvitationType(input.type);
      const [role] = await db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(
          input.role_id !== undefined ? eq(roles.id, input.role_id) : eq(roles.name, byType ?? ''),
        );
      if (!role) {
        throw badField(
          input.role_id !== undefined ? 'role_id' : 'type',
          memberMessages.roleNotFound,
        );
      }
      if (role.name === 'Super Admin') throw badField('role_id', invitationMessages.superAdminRole);
      const type = (invitationTypeOfRole as Record<string, ClubInvitation['type'] | undefined>)[
        role.name
      ];
      if (!type) throw badField('role_id', memberMessages.roleNotFound);

      const [club] = await db
        .select({ id: clubs.id, name: clubs.name, timezone: clubs.timezone })
        .from(clubs)
        .where(eq(clubs.id, clubId));
      if (!club) throw new AppError(404, clubMessages.notFound);

      const [already] = await db
        .select({ id: clubMemberships.id })
        .from(clubMemberships)
        .innerJoin(users, eq(users.id, clubMemberships.userId))
        .where(
          and(
            eq(users.email, input.email),
            eq(clubMemberships.clubId, clubId),
            eq(clubMemberships.roleId, role.id),
          ),
        );
      if (already && !guardian) throw fieldError('email', invitationMessages.alreadyMember);

      const [sender] = await db
        .select({ name: users.name, lastname: users.lastname })
        .from(users)
        .where(eq(users.id, inviter.id));
      const inviterName = sender ? fullName(sender.name, sender.lastname) : null;

      const now = clock.now();
      const expiresAt = addMs(now, INVITATION_TTL_MS);
      const token = randomBytes(32).toString('hex');
      const { id, mail } = await db.transaction(async (tx) => {
        await tx
          .update(invitations)
          .set({ status: 'revoked', answeredAt: now })
          .where(
            and(
              eq(invitations.clubId, clubId),
              eq(invitations.email, input.email),
              eq(invitations.roleId, role.id),
              eq(invitations.status, 'pending'),
            ),
          );
        const [created] = await tx
          .insert(invitations)
          .values({
            tokenHash: hashSecretToken(token),
            type,
            clubId,
            roleId: role.id,
            invitedBy: inviter.id,
            email: input.email,
            expiresAt,
            createdAt: now,
            playerIds: guardian?.playerIds ?? [],
            authorizeOnAccept: guardian?.authorizeOnAccept ?? false,
          })
          .returning({ id: invitations.id });
        if (!created) throw new Error('invitations insert returned no row');
        await guardian?.inTransaction?.(tx, created.id);
        const queued = await outbox.add(
          tx,
          invitationMail({
            appUrl,
            email: input.email,
            token,
            clubName: club.name,
            roleName: role.name,
            inviterName,
            expiresAt,
            timeZone: club.timezone,
            childNames: guardian?.childNames,
            inviteeName: guardian?.inviteeName,
            relationship: guardian?.relationship,
          }),
        );
        return { id: created.id, mail: queued };
      });
      outbox.dispatch(mail);

      return {
        id,
        email: input.email,
        role: { id: role.id, name: role.name },
        type,
        status: 'pending' as const,
        invited_by: inviterName,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        invitation_url: invitationLink(appUrl, token),
      };
    },

    /** The club's pending, unexpired invitations, newest first. */
    async listPending(clubId: number): Promise<ClubInvitation[]> {
      const now = clock.now();
      const rows = await clubInvitationQuery()
        .where(
          and(
            eq(invitations.clubId, clubId),
            eq(invitations.status, 'pending'),
            gt(invitations.expiresAt, now),
          ),
        )
        .orderBy(desc(invitations.createdAt), desc(invitations.id));
      return rows.map((row) => toClubInvitation(row, now));
    },

    /** Withdraws a pending invitation: 404 when it is not this club's, 422 when already answered. */
    async revoke(clubId: number, invitationId: number): Promise<void> {
      const now = clock.now();
      const [found] = await db
        .select({ status: invitations.status })
        .from(invitations)
        .where(and(eq(invitations.id, invitationId), eq(invitations.clubId, clubId)));
      if (!found) throw new AppError(404, invitationMessages.notFound);
      const revoked = await db
        .update(invitations)
        .set({ status: 'revoked', answeredAt: now })
        .where(and(eq(invitations.id, invitationId), eq(invitations.status, 'pending')))
        .returning({ id: invitations.id });
      if (revoked.length === 0) throw new AppError(422, invitationMessages.alreadyAnswered);
    },

    ...createInvitationAnswers(deps),
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
