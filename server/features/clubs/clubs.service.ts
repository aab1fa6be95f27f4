import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  type Club,
  type ClubCreate,
  type ClubUpdate,
  clubMessages,
  derivedFromCountry,
} from '../../../contract/clubs.schema';
import type { RoleName } from '../../../contract/roles.schema';
import { CLUB_OWNER_ROLE } from '../../../contract/names';
import type { CurrentUser } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

const PLAYER_ROLE: RoleName = 'Jugador';

type ClubRow = typeof clubs.$inferSelect;

function toClub(row: ClubRow, roleNames: string[]): Club {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sport: row.sport,
    country: row.country,
    state: row.state,
    city: row.city,
    address: row.address,
    nit: row.nit,
    phone: row.phone,
    email: row.email,
    logo_url: row.logoUrl,
    color: row.color,
    season_start_month: row.seasonStartMonth,
    season_end_month: row.seasonEndMonth,
    timezone: row.timezone,
    currency: row.currency,
    status: row.status,
    roles: roleNames,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The user's role names per club (highest priority first), for `clubIds` or all their clubs. */
async function roleNamesByClub(
  db: Db,
  userId: number,
  clubIds?: number[],
): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ clubId: clubMemberships.clubId, name: roles.name })
    .from(clubMemberships)
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(
      clubIds
        ? and(eq(clubMemberships.userId, userId), inArray(clubMemberships.clubId, clubIds))
        : eq(clubMemberships.userId, userId),
    )
    .orderBy(desc(roles.priority), asc(roles.id));
  const byClub = new Map<number, string[]>();
  for (const row of rows) byClub.set(row.clubId, [...(byClub.get(row.clubId) ?? []), row.name]);
  return byClub;
}

/** Input fields → columns; timezone and currency follow the country whenever it is sent. */
function columnsOf(input: ClubUpdate): Partial<typeof clubs.$inferInsert> {
  const columns: Partial<typeof clubs.$inferInsert> = {
    name: input.name,
    description: input.description,
    sport: input.sport,
    country: input.country,
    state: input.state,
    city: input.city,
    address: input.address,
    nit: input.nit,
    phone: input.phone,
    email: input.email,
    logoUrl: input.logo_url,
    color: input.color,
    seasonStartMonth: input.season_start_month,
    seasonEndMonth: input.season_end_month,
    status: input.status,
  };
  if (input.country !== undefined) Object.assign(columns, derivedFromCountry(input.country));
  // Drizzle skips undefined keys in `set`, but an explicit null clears the column.
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

export interface ClubsService {
  list(user: CurrentUser): Promise<Club[]>;
  create(user: CurrentUser, input: ClubCreate): Promise<Club>;
  get(user: CurrentUser, clubId: number): Promise<Club>;
  update(user: CurrentUser, clubId: number, input: ClubUpdate): Promise<Club>;
  archive(user: CurrentUser, clubId: number): Promise<Club>;
}

/**
 * Clubs (issue #4). Who may call what is decided before these run (`clubRoute`); the
 * service only scopes the list to the caller's memberships.
 */
export function createClubsService({ db, clock }: { db: Db; clock: Clock }): ClubsService {
  async function load(user: CurrentUser, clubId: number): Promise<Club> {
    const [row] = await db.select().from(clubs).where(eq(clubs.id, clubId));
    // Only a super admin reaches this for a club that does not exist (members passed the guard).
    if (!row) throw new AppError(404, clubMessages.notFound);
    const byClub = await roleNamesByClub(db, user.id, [clubId]);
    return toClub(row, byClub.get(clubId) ?? []);
  }

  async function update(user: CurrentUser, clubId: number, input: ClubUpdate): Promise<Club> {
    const columns = columnsOf(input);
    const updated = await db
      .update(clubs)
      .set({ ...columns, updatedAt: clock.now() })
      .where(eq(clubs.id, clubId))
      .returning({ id: clubs.id });
    if (updated.length === 0) throw new AppError(404, clubMessages.notFound);
    return load(user, clubId);
  }

  return {
    /** The clubs the user belongs to (a super admin: every club), archived ones included. */
    async list(user) {
      const byClub = await roleNamesByClub(db, user.id);
      if (!user.isSuperAdmin && byClub.size === 0) return [];
      const rows = await db
        .select()
        .from(clubs)
        .where(user.isSuperAdmin ? undefined : inArray(clubs.id, [...byClub.keys()]))
        .orderBy(asc(clubs.name), asc(clubs.id));
      return rows.map((row) => toClub(row, byClub.get(row.id) ?? []));
    },

    /**
     * Creates the club and makes the creator its 'Propietario del Club' in one transaction;
     * a creator without a current club starts working in this one.
     */
    async create(user, input) {
      const now = clock.now();
      const clubId = await db.transaction(async (tx) => {
        const [club] = await tx
          .insert(clubs)
          .values({
            name: input.name,
            ...columnsOf(input),
            ...derivedFromCountry(input.country),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: clubs.id });
        const [owner] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(eq(roles.name, CLUB_OWNER_ROLE));
        if (!club || !owner) throw new Error('club insert or owner role missing');
        await tx
          .insert(clubMemberships)
          .values({ userId: user.id, clubId: club.id, roleId: owner.id, createdAt: now });
        await tx
          .update(users)
          .set({ currentClubId: club.id, updatedAt: now })
          .where(and(eq(users.id, user.id), isNull(users.currentClubId)));
        return club.id;
      });
      return load(user, clubId);
    },

    get: load,

    update,

    /**
     * `DELETE`: a club is never removed, only archived. One with players is refused (409):
     * there is no players table yet, so members holding the 'Jugador' role count as
     * players; payments will join this check when their table exists (issue #4).
     */
    async archive(user, clubId) {
      const [players] = await db
        .select({ n: count() })
        .from(clubMemberships)
        .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
        .where(and(eq(clubMemberships.clubId, clubId), eq(roles.name, PLAYER_ROLE)));
      const playerCount = players?.n ?? 0;
      if (playerCount > 0) throw new AppError(409, clubMessages.hasPlayers(playerCount));
      return update(user, clubId, { status: 'archived' });
    },
  };
}
