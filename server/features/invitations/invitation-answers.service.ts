import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { AuthResponse } from '../../../contract/auth.schema';
import type { z } from 'zod';
import {
  type PublicInvitation,
  type invitationAcceptRequestSchema,
  invitationAcceptNewAccountSchema,
  invitationMessages,
} from '../../../contract/invitations.schema';
import { assertClubDoorsOpen } from '../../auth/club-doors';
import { hashPassword } from '../../auth/passwords';
import type { CurrentUser } from '../../auth/require-user';
import { roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { invitations } from '../../db/schema/invitations';
import { clubMemberships } from '../../db/schema/memberships';
import { userOnboarding } from '../../db/schema/onboarding';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { hashSecretToken } from '../../lib/secret-token';
import { isUniqueViolation } from '../../lib/sql-state';
import { type NewAccount, insertAccount } from '../users/accounts';
import type { Tx } from '../people/people.service';
import { loadUser } from '../users/users.service';
import {
  type GuardianAcceptHook,
  assertGuardianDoor,
  guardianInvitationOf,
} from './guardian-invitation';
import { type InvitationsDeps, fullName, notPending, statusAt } from './invitations.rules';

type AcceptInput = z.output<typeof invitationAcceptRequestSchema>;

/**
 * The signed-out invitee's account: a person the club added with this e-mail and no
 * password (a trainer, a player) becomes it — their password and the form's name are set
 * on that row — else a new one is created. A password set meanwhile means they log in.
 */
async function claimOrCreateAccount(tx: Tx, account: NewAccount): Promise<number> {
  const email = account.email.toLowerCase();
  const [person] = await tx
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .for('update');
  if (!person) return (await insertAccount(tx, account)).id;
  if (person.passwordHash) throw new AppError(401, invitationMessages.loginAsInvitee(email));
  await tx
    .update(users)
    .set({ passwordHash: account.passwordHash, name: account.name, lastname: account.lastname })
    .where(eq(users.id, person.id));
  await tx.insert(userOnboarding).values({ userId: person.id }).onConflictDoNothing();
  return person.id;
}

/**
 * The invitee's side of an invitation: read, accept, reject. Public, identified by the
 * token alone (only its sha256 is stored).
 */
export function createInvitationAnswers({ db, clock, tokens }: InvitationsDeps) {
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
    const refused = new AppError(404, invitationMessages.notFound);
    if (!row) throw refused;
    // A suspended club's invitations (staff and guardian) open nothing until it is reactivated.
    await assertClubDoorsOpen(db, row.invitation.clubId, refused);
    return row;
  }

  /** The account (a person with a password) of `email`; one a club added without one is none. */
  async function accountByEmail(email: string) {
    const [account] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.email, email.toLowerCase()), isNotNull(users.passwordHash)));
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
        type: invitation.type,
        guardian:
          invitation.type === 'guardian'
            ? await guardianInvitationOf(db, invitation, row.clubName)
            : null,
      };
    },

    /**
     * Accepts the invitation as the signed-in invitee, or creates the invitee's account
     * when the e-mail has none — or sets the password of the person a club added with it
     * (a signed-out invitee who has an account must log in first). Then,
     * in one transaction that locks the invitation row, grants the role, marks the
     * invitation accepted and makes the club the user's current one. A second, concurrent
     * acceptance waits for the lock and finds it answered (422). Answers like login.
     * A guardian invitation is accepted only with `guardian` (its registration's links and
     * consent, in the same transaction), and `guardian` only for one.
     */
    async accept(
      token: string,
      caller: CurrentUser | null,
      body: AcceptInput,
      guardian?: GuardianAcceptHook,
    ): Promise<AuthResponse> {
      const found = await findByToken(token);
      const invitation = found.invitation;
      assertGuardianDoor(invitation.type, guardian);
      const status = statusAt(invitation, clock.now());
      if (status !== 'pending') throw notPending(status);

      let newAccount: { name: string; lastname: string; passwordHash: string } | undefined;
      let userId: number | undefined;
      if (caller) {
        const [me] = await db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, caller.id));
        if (!me || me.email?.toLowerCase() !== invitation.email.toLowerCase()) {
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
            acceptedBy = await claimOrCreateAccount(tx, { ...newAccount, email: invitation.email });
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
          await guardian?.(tx, { invitation, userId: acceptedBy, now });
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
