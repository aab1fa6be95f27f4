import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type Account,
  accountMessages,
  type passwordChangeSchema,
} from '../../../contract/account.schema';
import { CLUB_OWNER_ROLE } from '../../../contract/names';
import { personalPasswordReason } from '../../../contract/passwords';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { passwordResetTokens } from '../../db/schema/auth';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { AppError, conflictOn, fieldError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MailOutbox } from '../../mail/outbox';
import type { FileStorage } from '../../storage/storage';
import { recordAudit } from '../audit-log/record-audit';
import { profileOf } from '../profile/profile.service';
import { accountClubs } from './account-clubs';
import { createAccountDeletion } from './account-deletion';
import { provePassword } from './account-password';
import { createEmailChangeService } from './email-change.service';

type PasswordChange = z.output<typeof passwordChangeSchema>;

/**
 * Each person's own account (issue #17): what 'Mi Cuenta' shows, the password and e-mail
 * changes, leaving a club and deleting the account. A person only ever reaches their own.
 */
export function createAccountService(deps: {
  db: Db;
  clock: Clock;
  outbox: MailOutbox;
  appUrl: string;
  storage: FileStorage;
}) {
  const { db, clock } = deps;
  const email = createEmailChangeService(deps);

  /** `GET /api/account`. */
  async function get(userId: number): Promise<Account> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError(404, accountMessages.notMember);
    return {
      profile: profileOf(user),
      clubs: await accountClubs(db, userId),
      pending_email: await email.pending(userId),
    };
  }

  /**
   * `POST /api/account/password`: the current password proves who asks (422 on
   * `current_password`); the new one follows the sign-up rules and may not carry the
   * person's name or e-mail (422 on `new_password`). As a reset does, it bumps
   * `token_version` (every session, this one included, ends: the page signs in again with
   * the new password) and voids open reset links, in one transaction with its audit row.
   */
  async function changePassword(
    userId: number,
    input: PasswordChange,
    ip: string | null = null,
  ): Promise<void> {
    const user = await provePassword(db, userId, input.current_password, 'current_password');
    const personal = personalPasswordReason(input.new_password, {
      email: user.email ?? undefined,
      name: user.name,
      lastname: user.lastname,
    });
    if (personal) throw fieldError('new_password', personal);
    const passwordHash = await hashPassword(input.new_password);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
        .where(eq(users.id, userId));
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      await recordAudit(tx, {
        actorUserId: userId,
        action: 'account.password_changed',
        targetType: 'user',
        targetId: userId,
        ip,
        at: now,
      });
    });
  }

  /**
   * `POST /api/account/clubs/{id}/leave`: removes every membership of the person in the
   * club, as the members service removes roles (the player row stays for the history),
   * under a lock on the club row so two owners cannot both leave; 409 for its last owner,
   * 404 when they do not belong to it. A club they were working in is forgotten. The
   * audit row names the roles they held there.
   */
  async function leaveClub(userId: number, clubId: number, ip: string | null = null) {
    await db.transaction(async (tx) => {
      const [club] = await tx
        .select({ id: clubs.id })
        .from(clubs)
        .where(eq(clubs.id, clubId))
        .for('update');
      const mine = and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, userId));
      const held = club
        ? await tx
            .select({ role: roles.name })
            .from(clubMemberships)
            .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
            .where(mine)
        : [];
      if (held.length === 0) throw new AppError(404, accountMessages.notMember);
      if (held.some((row) => row.role === CLUB_OWNER_ROLE)) {
        const [owners] = await tx
          .select({ n: count() })
          .from(clubMemberships)
          .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
          .where(and(eq(clubMemberships.clubId, clubId), eq(roles.name, CLUB_OWNER_ROLE)));
        if ((owners?.n ?? 0) <= 1) throw conflictOn('club', accountMessages.lastOwner);
      }
      await tx.delete(clubMemberships).where(mine);
      const now = clock.now();
      await tx
        .update(users)
        .set({ currentClubId: null, updatedAt: now })
        .where(and(eq(users.id, userId), eq(users.currentClubId, clubId)));
      await recordAudit(tx, {
        actorUserId: userId,
        action: 'account.club_left',
        clubId,
        targetType: 'club',
        targetId: clubId,
        details: { roles: held.map((row) => row.role) },
        ip,
        at: now,
      });
    });
  }

  return {
    get,
    changePassword,
    requestEmailChange: email.request,
    confirmEmailChange: email.confirm,
    leaveClub,
    ...createAccountDeletion(deps),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
