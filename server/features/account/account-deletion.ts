import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountMessages, type accountDeleteSchema } from '../../../contract/account.schema';
import type { Db } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/auth';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { notificationPreferences, notifications } from '../../db/schema/notifications';
import { emailChangeTokens } from '../../db/schema/platform';
import { guardianLinks } from '../../db/schema/parents';
import { players } from '../../db/schema/players';
import { calendarFeeds } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { conflictOn } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../storage/storage';
import { recordAudit } from '../audit-log/record-audit';
import { PHOTO_NAME, PHOTO_URL_PREFIX } from '../profile/person-photos';
import { accountClubs } from './account-clubs';
import { provePassword } from './account-password';

type DeleteInput = z.output<typeof accountDeleteSchema>;

/** The name a deleted account keeps, so the clubs' payments still have a subject. */
export const DELETED_NAME = { name: 'Usuario', lastname: 'eliminado' } as const;

/** The storage key of one of our photo URLs, or null. */
function photoKey(url: string | null): string | null {
  if (!url?.startsWith(PHOTO_URL_PREFIX)) return null;
  const name = url.slice(PHOTO_URL_PREFIX.length);
  return PHOTO_NAME.test(name) ? `photos/${name}` : null;
}

/**
 * `DELETE /api/account`: the person can no longer sign in and their personal data goes;
 * the clubs keep their payments and receipts (money rows are never touched), now naming
 * 'Usuario eliminado'; their guardian links go, their data-processing consents stay. Refused with 409 while they are the only owner of an active club,
 * and for a super admin. The audit row commits with the deletion.
 */
export function createAccountDeletion({
  db,
  clock,
  storage,
}: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}) {
  async function deleteAccount(userId: number, input: DeleteInput, ip: string | null = null) {
    const user = await provePassword(db, userId, input.password, 'password');
    // The platform must not lose its administrators by a click on their own page.
    if (user.isSuperAdmin) throw conflictOn('password', accountMessages.superAdminDelete);
    const now = clock.now();
    await db.transaction(async (tx) => {
      // The clubs they own, locked as leaving a club locks them: no owner leaves meanwhile.
      const owned = (await accountClubs(tx, userId)).map((club) => club.id);
      if (owned.length > 0) {
        await tx.select({ id: clubs.id }).from(clubs).where(inArray(clubs.id, owned)).for('update');
      }
      const sole = (await accountClubs(tx, userId)).find((club) => club.only_owner);
      if (sole) throw conflictOn('password', accountMessages.onlyOwnerOfClub(sole.name));

      await tx
        .update(users)
        .set({
          ...DELETED_NAME,
          email: null,
          passwordHash: null,
          phone: null,
          documentType: null,
          documentNumber: null,
          birthDate: null,
          gender: null,
          photoUrl: null,
          currentClubId: null,
          status: 'inactive',
          deletedAt: now,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await tx.delete(clubMemberships).where(eq(clubMemberships.userId, userId));
      // The club's player record keeps its sporting history, not the person's private data.
      await tx
        .update(players)
        .set({
          eps: null,
          bloodType: null,
          allergies: null,
          emergencyContactName: null,
          emergencyContactPhone: null,
          guardianName: null,
          guardianPhone: null,
          guardianEmail: null,
          guardianRelationship: null,
          updatedAt: now,
        })
        .where(eq(players.userId, userId));
      // Their links as a guardian go: no child is reached through a deleted account. The
      // links of their own guardians stay (the club's player row and payments do), and so
      // do the photo consents and link decisions they took, now naming 'Usuario
      // eliminado'. Their data_consents stay: the clubs' proof of the authorisation given
      // (Ley 1581 de 2012, art. 9), holding no personal data beyond IP and browser.
      await tx.delete(guardianLinks).where(eq(guardianLinks.guardianId, userId));
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
      await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, userId));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      await tx
        .update(calendarFeeds)
        .set({ revokedAt: now })
        .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));
      // The row keeps the account's id only: its personal data has just gone.
      await recordAudit(tx, {
        actorUserId: userId,
        action: 'account.deleted',
        targetType: 'user',
        targetId: userId,
        ip,
        at: now,
      });
    });
    const key = photoKey(user.photoUrl);
    // The account is gone already; a photo file that cannot be removed is only litter.
    if (key) await storage.delete(key).catch(() => undefined);
  }

  return { deleteAccount };
}
