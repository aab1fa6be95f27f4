import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { User } from '../../../contract/users.schema';
import {
  type ClubInvitation,
  INVITATION_TTL_DAYS,
  type InvitationStatus,
  type PublicInvitation,
  type invitationAcceptRequestSchema,
  type invitationCreateSchema,
  invitationAcceptNewAccountSchema,
  invitationMessages,
  invitationTypeOfRole,
} from '../../../contract/invitations.schema';
import { clubMessages } from '../../../contract/clubs.schema';
import { memberMessages } from '../../../contract/members.schema';
import { hashPassword } from '../../auth/passwords';
import type { CurrentUser } from '../../auth/require-user';
import type { TokenService } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { invitations } from '../../db/schema/invitations';
import { clubMemberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { hashSecretToken } from '../../lib/secret-token';
import { AppError, fieldError } from '../../lib/app-error';
import { addMs, type Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/sql-state';
import type { MailOutbox } from '../../mail/outbox';
import { badField } from '../members/members.service';
import { insertAccount } from '../users/accounts';
import { loadUser } from '../users/users.service';
import { invitationLink, invitationMail } from './invitation.mail';

type CreateInput = z.output<typeof invitationCreateSchema>;
type AcceptInput = z.output<typeof invitationAcceptRequestSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * DAY_MS;

export interface InvitationsDeps {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  outbox: MailOutbox;
  appUrl: string;
}

export interface Session {
  token: string;
  user: User;
}

type InvitationRow = typeof invitations.$inferSelect;

/** The status a reader sees: a pending invitation past its expiry is 'expired'. */
function statusAt(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now: Date): InvitationStatus {
  return row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()
    ? 'expired'
    : row.status;
}

/** The 422 for answering an invitation that is no longer pending (as of `now`). */
function notPending(status: InvitationStatus): AppError {
  if (status === 'expired') return new AppError(422, invitationMessages.expired);
  if (status === 'revoked') return new AppError(422, invitationMessages.revoked);
  return new AppError(422, invitationMessages.alreadyAnswered);
}

const fullName = (name: string | null, lastname: string | null): string | null =>
  name === null ? null : `${name} ${lastname ?? ''}`.trim();

/**
 * Invitations to join a club in a role (DOMAIN.md "Invitations"). The club side (create,
 * list, revoke) runs behind settings.manage; the invitee side (read, accept, reject)
 * is public and identified by the token alone, of which only the sha256 is stored.
 */
export function createInvitationsService({ db, clock, tokens, outbox, appUrl }: InvitationsDeps) {
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

  async function findByToken(token: string) {
    const [row] = await db
      .select({
        invitation: invitations,
        clubName: clubs.name,
        roleName: roles.name,
        inviterName: users.name,
        inviterLastname: users.lastname,
      })
      .from(invitations)
      .innerJoin(clubs, eq(clubs.id, invitations.clubId))
      .innerJoin(roles, eq(roles.id, invitations.roleId))
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .where(eq(invitations.tokenHash, hashSecretToken(token)));
    if (!row) throw new AppError(404, invitationMessages.notFound);
    return row;
  }

  async function accountByEmail(email: string) {
    const [account] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    return account;
  }

  /** The new account's fields, or 400 with each missing or wrong one. */
  function newAccountFields(body: AcceptInput) {
    const parsed = invitationAcceptNewAccountSchema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new AppError(400, invitationMessages.accountFieldsRequired, {
      errors: parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    });
  }

  return {
    /**
     * Sends an invitation: a 64-hex-character token (only its sha256 stored), valid for
     * INVITATION_TTL_DAYS, mailed through the outbox. Any older pending invitation for the
     * same club, e-mail and role is revoked in the same transaction, so only the newest
     * link works.
     */
    async create(clubId: number, inviter: CurrentUser, input: CreateInput) {
      const [role] = await db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(eq(roles.id, input.role_id));
      if (!role) throw badField('role_id', memberMessages.roleNotFound);
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
      if (already) throw fieldError('email', invitationMessages.alreadyMember);

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
          })
          .returning({ id: invitations.id });
        if (!created) throw new Error('invitations insert returned no row');
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

    /** What the public invitation page shows; 'expired' is computed from `expires_at`. */
    async getPublic(token: string): Promise<PublicInvitation> {
      const row = await findByToken(token);
      const { invitation } = row;
      return {
        email: invitation.email,
        club: { id: invitation.clubId, name: row.clubName },
        role: { id: invitation.roleId, name: row.roleName },
        inviter_name: fullName(row.inviterName, row.inviterLastname),
        status: statusAt(invitation, clock.now()),
        expires_at: invitation.expiresAt.toISOString(),
        account_exists: (await accountByEmail(invitation.email)) !== undefined,
      };
    },

    /**
     * Accepts the invitation as the signed-in invitee, or creates the invitee's account
     * when the e-mail has none (a signed-out invitee who has one must log in first). Then,
     * in one transaction that locks the invitation row, grants the role, marks the
     * invitation accepted and makes the club the user's current one. A second, concurrent
     * acceptance waits for the lock and finds it answered (422). Answers like login.
     */
    async accept(token: string, caller: CurrentUser | null, body: AcceptInput): Promise<Session> {
      const found = await findByToken(token);
      const invitation = found.invitation;
      const status = statusAt(invitation, clock.now());
      if (status !== 'pending') throw notPending(status);

      let newAccount: { name: string; lastname: string; passwordHash: string } | undefined;
      let userId: number | undefined;
      if (caller) {
        const [me] = await db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, caller.id));
        if (!me || me.email.toLowerCase() !== invitation.email.toLowerCase()) {
          throw new AppError(403, invitationMessages.loginAsInvitee(invitation.email));
        }
        userId = caller.id;
      } else {
        if (await accountByEmail(invitation.email)) {
          throw new AppError(401, invitationMessages.loginAsInvitee(invitation.email));
        }
        const fields = newAccountFields(body);
        newAccount = {
          name: fields.name,
          lastname: fields.lastname,
          passwordHash: await hashPassword(fields.password),
        };
      }

      let accepted: { userId: number; tokenVersion: number };
      try {
        accepted = await db.transaction(async (tx) => {
          const now = clock.now();
          const [locked] = await tx
            .select({ status: invitations.status, expiresAt: invitations.expiresAt })
            .from(invitations)
            .where(eq(invitations.id, invitation.id))
            .for('update');
          const current = locked ? statusAt(locked, now) : 'revoked';
          if (current !== 'pending') throw notPending(current);

          let acceptedBy = userId;
          if (newAccount) {
            const created = await insertAccount(tx, { ...newAccount, email: invitation.email });
            acceptedBy = created.id;
          }
          if (acceptedBy === undefined) throw new Error('no user to accept the invitation');

          await tx
            .insert(clubMemberships)
            .values({
              userId: acceptedBy,
              clubId: invitation.clubId,
              roleId: invitation.roleId,
              createdAt: now,
            })
            .onConflictDoNothing();
          const claimed = await tx
            .update(invitations)
            .set({ status: 'accepted', answeredAt: now, acceptedBy })
            .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
            .returning({ id: invitations.id });
          if (claimed.length === 0) throw notPending('accepted');
          const [user] = await tx
            .update(users)
            .set({ currentClubId: invitation.clubId, updatedAt: now })
            .where(eq(users.id, acceptedBy))
            .returning({ id: users.id, tokenVersion: users.tokenVersion });
          if (!user) throw new Error('accepting user vanished');
          return { userId: user.id, tokenVersion: user.tokenVersion };
        });
      } catch (error) {
        // The e-mail was registered between the check and the insert: that person logs in.
        if (isUniqueViolation(error, 'users_email_unique')) {
          throw new AppError(401, invitationMessages.loginAsInvitee(invitation.email));
        }
        throw error;
      }

      const sessionToken = await tokens.sign(accepted);
      return { token: sessionToken, user: await loadUser(db, accepted.userId) };
    },

    /** Declines a pending invitation; no account or session is needed. */
    async reject(token: string): Promise<void> {
      const found = await findByToken(token);
      const now = clock.now();
      const status = statusAt(found.invitation, now);
      if (status !== 'pending') throw notPending(status);
      const rejected = await db
        .update(invitations)
        .set({ status: 'rejected', answeredAt: now })
        .where(
          and(
            eq(invitations.id, found.invitation.id),
            eq(invitations.status, 'pending'),
            gt(invitations.expiresAt, now),
          ),
        )
        .returning({ id: invitations.id });
      if (rejected.length === 0) throw notPending('accepted');
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
