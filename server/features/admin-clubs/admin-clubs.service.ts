import { type SQL, and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type AdminClub,
  type AdminClubListQuery,
  type AdminClubListResponse,
  type AdminClubStatus,
  adminClubMessages,
} from '../../../contract/admin-clubs.schema';
import { CLUB_OWNER_ROLE } from '../../../contract/names';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { isActivePlayer } from '../players/player-counts';
import type { Clock } from '../../lib/clock';
import { applyList, byName, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import { recordAudit } from '../audit-log/record-audit';

/*
 * The clubs of the platform (issue #17): one statement per page. Owners, players and
 * members come from grouped subqueries joined once (never a query per club).
 */

/** Each club's first owner (lowest user id), for every club at once. */
function ownersQuery(db: Db) {
  return db
    .selectDistinctOn([clubMemberships.clubId], {
      clubId: sql<number>`${clubMemberships.clubId}`.as('owner_club_id'),
      name: sql<string>`${users.name} || ' ' || ${users.lastname}`.as('owner_name'),
      email: sql<string | null>`${users.email}`.as('owner_email'),
    })
    .from(clubMemberships)
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .innerJoin(users, eq(users.id, clubMemberships.userId))
    .where(eq(roles.name, CLUB_OWNER_ROLE))
    .orderBy(clubMemberships.clubId, users.id)
    .as('owners');
}

const playerCountsQuery = (db: Db) =>
  db
    .select({ clubId: players.clubId, n: sql<number>`cast(count(*) as integer)`.as('players_n') })
    .from(players)
    .where(isActivePlayer)
    .groupBy(players.clubId)
    .as('player_counts');

const memberCountsQuery = (db: Db) =>
  db
    .select({
      clubId: clubMemberships.clubId,
      n: sql<number>`cast(count(distinct ${clubMemberships.userId}) as integer)`.as('members_n'),
    })
    .from(clubMemberships)
    .groupBy(clubMemberships.clubId)
    .as('member_counts');

const statusExpr = sql<AdminClubStatus>`case when ${clubs.suspendedAt} is not null then 'suspended' else ${clubs.status} end`;

const statusCondition = (status: AdminClubStatus | undefined): SQL | undefined => {
  if (status === undefined) return undefined;
  if (status === 'suspended') return isNotNull(clubs.suspendedAt);
  return and(isNull(clubs.suspendedAt), eq(clubs.status, status));
};

export function createAdminClubsService({ db, clock }: { db: Db; clock: Clock }) {
  const owners = ownersQuery(db);
  const playerCounts = playerCountsQuery(db);
  const memberCounts = memberCountsQuery(db);
  const playersN = sql<number>`coalesce(${playerCounts.n}, 0)`;
  const membersN = sql<number>`coalesce(${memberCounts.n}, 0)`;

  const select = () =>
    db
      .select({
        id: clubs.id,
        name: clubs.name,
        status: statusExpr,
        suspensionReason: clubs.suspensionReason,
        suspendedAt: clubs.suspendedAt,
        ownerName: owners.name,
        ownerEmail: owners.email,
        playersCount: playersN,
        membersCount: membersN,
        createdAt: clubs.createdAt,
        total: totalCount(),
      })
      .from(clubs)
      .leftJoin(owners, eq(owners.clubId, clubs.id))
      .leftJoin(playerCounts, eq(playerCounts.clubId, clubs.id))
      .leftJoin(memberCounts, eq(memberCounts.clubId, clubs.id))
      .$dynamic();

  type Row = Omit<Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number], 'total'>;
  const out = (row: Row): AdminClub => ({
    id: row.id,
    name: row.name,
    status: row.status,
    suspension_reason: row.suspensionReason,
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    owner_name: row.ownerName,
    owner_email: row.ownerEmail,
    players_count: Number(row.playersCount),
    members_count: Number(row.membersCount),
    created_at: row.createdAt.toISOString(),
  });

  async function find(id: number): Promise<AdminClub> {
    const [row] = await select().where(eq(clubs.id, id));
    if (!row) throw new AppError(404, adminClubMessages.notFound);
    return out(row);
  }

  /** Sets or clears the suspension when it is not already so (409), with its audit row. */
  async function change(actorUserId: number, clubId: number, reason: string | null) {
    const suspending = reason !== null;
    await db.transaction(async (tx) => {
      const [club] = await tx
        .select({ suspendedAt: clubs.suspendedAt, reason: clubs.suspensionReason })
        .from(clubs)
        .where(eq(clubs.id, clubId))
        .for('update');
      if (!club) throw new AppError(404, adminClubMessages.notFound);
      if (suspending && club.suspendedAt)
        throw new AppError(409, adminClubMessages.alreadySuspended);
      if (!suspending && !club.suspendedAt) throw new AppError(409, adminClubMessages.notSuspended);
      const now = clock.now();
      await tx
        .update(clubs)
        .set({ suspendedAt: suspending ? now : null, suspensionReason: reason, updatedAt: now })
        .where(eq(clubs.id, clubId));
      await recordAudit(tx, {
        actorUserId,
        action: suspending ? 'club.suspended' : 'club.reactivated',
        clubId,
        targetType: 'club',
        targetId: clubId,
        details: suspending ? { reason } : { previous_reason: club.reason },
        at: now,
      });
    });
    return find(clubId);
  }

  return {
    async list(query: AdminClubListQuery): Promise<AdminClubListResponse> {
      const clauses = listClauses(
        query,
        {
          sortKeys: {
            name: [byName(clubs.name)],
            status: [statusExpr, byName(clubs.name)],
            owner_name: [byName(sql`${owners.name}`)],
            players_count: [playersN],
            members_count: [membersN],
            created_at: [clubs.createdAt],
          },
          searchColumns: [clubs.name, sql`${owners.name}`, sql`${owners.email}`],
          id: clubs.id,
        },
        statusCondition(query.status),
      );
      const page = await applyList(select(), clauses);
      const { rows, total } = await pageWithTotal(page, clauses, async () => {
        const [counted] = await db
          .select({ n: count() })
          .from(clubs)
          .leftJoin(owners, eq(owners.clubId, clubs.id))
          .where(clauses.where);
        return counted?.n ?? 0;
      });
      return { data: rows.map(out), total };
    },
    suspend: (actorUserId: number, clubId: number, reason: string) =>
      change(actorUserId, clubId, reason),
    reactivate: (actorUserId: number, clubId: number) => change(actorUserId, clubId, null),
  };
}

export type AdminClubsService = ReturnType<typeof createAdminClubsService>;
