import { type SQLWrapper, and, eq, sql } from 'drizzle-orm';
import { type PhotoConsentState, photoChannels } from '../../../contract/parents.schema';
import { type PlayerDetail, playerMessages } from '../../../contract/players.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { categories } from '../../db/schema/categories';
import { clubMemberships } from '../../db/schema/memberships';
import { photoConsents } from '../../db/schema/parents';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { type Tx, personColumns } from '../people/people.service';
import { identityEditableSql } from '../people/person-ties';
import { type CategoryScope, withinPlayerScope } from './player-scope';

/*
 * The read side of a club's players: every member holding the Jugador role in the club
 * (added here or joined through an invitation), LEFT JOINed with the club's row for them
 * (none yet: active, no category) and its category's name. The list is players-list.ts.
 */

/** A timestamp column as an ISO 8601 string (as the contract's `joined_at`). */
export const isoTimestamp = (column: SQLWrapper) =>
  // Written by the database as JavaScript's toISOString() writes it (UTC, milliseconds).
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The club's status for the player: no row yet is 'active'. */
export const playerStatus = sql<'active' | 'inactive'>`coalesce(${players.status}, 'active')`;

/**
 * A player's photo consent in the club, channel by channel (no row: not granted), as a
 * subquery of the statement that reads the player: one index scan of photo_consents'
 * primary key (club_id, player_id, channel) over its at most three rows.
 */
export const photoConsentColumn = (clubId: SQLWrapper | number, playerId: SQLWrapper) => {
  const channels = photoChannels.map(
    (channel) =>
      sql`${channel}::text, coalesce(bool_or(${photoConsents.channel} = ${channel} and ${photoConsents.granted}), false)`,
  );
  return sql<PhotoConsentState>`(select json_build_object(${sql.join(channels, sql`, `)}) from ${photoConsents} where ${photoConsents.clubId} = ${clubId} and ${photoConsents.playerId} = ${playerId})`;
};

/** The columns of a player in the list. */
export const playerRowColumns = {
  ...personColumns,
  status: playerStatus,
  // Null when the player has no category (drizzle nulls a left-joined object).
  category: { id: categories.id, name: categories.name },
  position: players.position,
  jersey_number: players.jerseyNumber,
  enrollment_date: players.enrollmentDate,
  guardian_name: players.guardianName,
  guardian_phone: players.guardianPhone,
  joined_at: isoTimestamp(clubMemberships.createdAt),
};

const detailColumns = {
  ...playerRowColumns,
  dominant_foot: players.dominantFoot,
  payment_modality: players.paymentModality,
  eps: players.eps,
  blood_type: players.bloodType,
  allergies: players.allergies,
  emergency_contact_name: players.emergencyContactName,
  emergency_contact_phone: players.emergencyContactPhone,
  guardian_email: players.guardianEmail,
  guardian_relationship: players.guardianRelationship,
};

/**
 * Jugador memberships of the club with their user, the club's player row and its
 * category; `where` holds the club and the caller's scope.
 */
function playersOf(db: Db | Tx, clubId: number, scope: CategoryScope) {
  return {
    /** Selects `columns` (typed loosely: each caller reads the row as its own shape). */
    from(columns: Record<string, unknown>) {
      return db
        .select(columns as { id: typeof users.id })
        .from(clubMemberships)
        .innerJoin(roles, and(eq(roles.id, clubMemberships.roleId), eq(roles.name, 'Jugador')))
        .innerJoin(users, eq(users.id, clubMemberships.userId))
        .leftJoin(
          players,
          and(eq(players.clubId, clubId), eq(players.userId, clubMemberships.userId)),
        )
        .leftJoin(categories, eq(categories.id, players.categoryId))
        .$dynamic();
    },
    where: and(
      eq(clubMemberships.clubId, clubId),
      withinPlayerScope(scope, clubId, clubMemberships.userId, players.categoryId),
    ),
  };
}

/** One player of the club within the caller's scope; 404 otherwise. */
export async function getPlayer(
  db: Db | Tx,
  clubId: number,
  userId: number,
  scope: CategoryScope = undefined,
): Promise<PlayerDetail> {
  const of = playersOf(db, clubId, scope);
  const [row] = await of
    .from({
      ...detailColumns,
      photo_consent: photoConsentColumn(clubId, clubMemberships.userId),
      identity_editable: identityEditableSql(clubId, clubMemberships.userId, users.passwordHash),
    })
    .where(and(of.where, eq(clubMemberships.userId, userId)));
  if (!row) throw new AppError(404, playerMessages.notFound);
  return row as unknown as PlayerDetail;
}

/** 404 unless the person is a player of the club within the caller's scope. */
export async function assertPlayer(
  db: Db | Tx,
  clubId: number,
  userId: number,
  scope: CategoryScope,
): Promise<void> {
  const of = playersOf(db, clubId, scope);
  const [row] = await of
    .from({ id: users.id })
    .where(and(of.where, eq(clubMemberships.userId, userId)));
  if (!row) throw new AppError(404, playerMessages.notFound);
}
