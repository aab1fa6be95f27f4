import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type AdminMembership,
  type AdminUser,
  type AdminUserListQuery,
  adminUserMessages,
} from '../../../contract/admin-users.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { applyList, byName, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import type { MailOutbox } from '../../mail/outbox';
import { recordAudit } from '../audit-log/record-audit';
import { sendResetLink } from '../auth/reset-link';

/*
 * The users of the platform (issue #17): a page in one statement (clubs counted by a
 * grouped subquery), their memberships, lock/unlock and the reset e-mail. Deleted
 * (anonymised) accounts are not listed.
 */

export interface AdminUsersDeps {
  db: Db;
  clock: Clock;
  outbox: MailOutbox;
  appUrl: string;
}

export function createAdminUsersService({ db, clock, outbox, appUrl }: AdminUsersDeps) {
  const clubCounts = db
    .select({
      userId: clubMemberships.userId,
      n: sql<number>`cast(count(distinct ${clubMemberships.clubId}) as integer)`.as('clubs_n'),
    })
    .from(clubMemberships)
    .groupBy(clubMemberships.userId)
    .as('club_counts');
  const clubsN = sql<number>`coalesce(${clubCounts.n}, 0)`;

  const select = () =>
    db
      .select({ row: users, clubsCount: clubsN, total: totalCount() })
      .from(users)
      .leftJoin(clubCounts, eq(clubCounts.userId, users.id))
      .$dynamic();

  const out = ({ row, clubsCount }: { row: typeof users.$inferSelect; clubsCount: number }) =>
    ({
      id: row.id,
      name: row.name,
      lastname: row.lastname,
      email: row.email,
      document_number: row.documentNumber,
      status: row.status,
      locked_at: row.lockedAt?.toISOString() ?? null,
      locked_reason: row.lockedReason,
      is_super_admin: row.isSuperAdmin,
      clubs_count: Number(clubsCount),
      created_at: row.createdAt.toISOString(),
    }) satisfies AdminUser;

  async function find(id: number): Promise<AdminUser> {
    const [found] = await select().where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!found) throw new AppError(404, adminUserMessages.notFound);
    return out(found);
  }

  /** Locks (reason) or unlocks (null) in one transaction with its audit row; 409 if already so. */
  async function setLock(actorUserId: number, userId: number, reason: string | null) {
    const locking = reason !== null;
    if (locking && actorUserId === userId) throw new AppError(409, adminUserMessages.lockSelf);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ lockedAt: users.lockedAt, reason: users.lockedReason })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for('update');
      if (!user) throw new AppError(404, adminUserMessages.notFound);
      if (locking && user.lockedAt) throw new AppError(409, adminUserMessages.alreadyLocked);
      if (!locking && !user.lockedAt) throw new AppError(409, adminUserMessages.notLocked);
      const now = clock.now();
      await tx
        .update(users)
        .set({
          lockedAt: locking ? now : null,
          lockedReason: reason,
          updatedAt: now,
          // Locking ends every session the person has open.
          ...(locking ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(eq(users.id, userId));
      await recordAudit(tx, {
        actorUserId,
        action: locking ? 'user.locked' : 'user.unlocked',
        targetType: 'user',
        targetId: userId,
        details: locking ? { reason } : { previous_reason: user.reason },
        at: now,
      });
    });
    return find(userId);
  }

  return {
    async list(query: AdminUserListQuery) {
      const clauses = listClauses(
        query,
        {
          sortKeys: {
            name: [byName(users.name), byName(users.lastname)],
            email: [users.email],
            status: [users.status],
            locked_at: [users.lockedAt],
            clubs_count: [clubsN],
            created_at: [users.createdAt],
          },
          searchColumns: [users.name, users.lastname, users.email, users.documentNumber],
          id: users.id,
        },
        isNull(users.deletedAt),
        query.locked === undefined
          ? undefined
          : query.locked
            ? isNotNull(users.lockedAt)
            : isNull(users.lockedAt),
      );
      const page = await applyList(select(), clauses);
      const { rows, total } = await pageWithTotal(page, clauses, async () => {
        const [counted] = await db.select({ n: count() }).from(users).where(clauses.where);
        return counted?.n ?? 0;
      });
      return { data: rows.map(out), total };
    },

    /** Every club the person belongs to, with the roles held there. */
    async memberships(userId: number): Promise<AdminMembership[]> {
      await find(userId);
      const rows = await db
        .select({
          clubId: clubs.id,
          clubName: clubs.name,
          status: clubs.status,
          suspendedAt: clubs.suspendedAt,
          roleId: roles.id,
          roleName: roles.name,
        })
        .from(clubMemberships)
        .innerJoin(clubs, eq(clubs.id, clubMemberships.clubId))
        .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
        .where(eq(clubMemberships.userId, userId))
        .orderBy(byName(clubs.name), asc(clubs.id), asc(roles.id));
      const byClub = new Map<number, AdminMembership>();
      for (const row of rows) {
        const club = byClub.get(row.clubId) ?? {
          club_id: row.clubId,
          club_name: row.clubName,
          club_status: row.suspendedAt ? ('suspended' as const) : row.status,
          roles: [],
        };
        club.roles.push({ id: row.roleId, name: row.roleName });
        byClub.set(row.clubId, club);
      }
      return [...byClub.values()];
    },

    lock: (actorUserId: number, userId: number, reason: string) =>
      setLock(actorUserId, userId, reason),
    unlock: (actorUserId: number, userId: number) => setLock(actorUserId, userId, null),

    /** The forgot-password e-mail, sent now; 409 when it cannot be (inactive, no e-mail, limit). */
    async sendPasswordReset(actorUserId: number, userId: number): Promise<void> {
      await find(userId);
      const now = clock.now();
      const sent = await sendResetLink({ db, outbox, appUrl }, { userId }, now, (tx, id) =>
        recordAudit(tx, {
          actorUserId,
          action: 'user.password_reset_sent',
          targetType: 'user',
          targetId: id,
          at: now,
        }),
      );
      if (!sent) throw new AppError(409, adminUserMessages.resetRefused);
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
