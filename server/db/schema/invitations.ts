import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { invitationStatuses, invitationTypes } from '../../../contract/invitations.schema';
import { roles } from './access';
import { clubs } from './clubs';
import { users } from './users';

/**
 * An invitation to join a club in a role. Only the sha256 of the 64-character token is
 * stored (like password reset links), so a database leak does not hand out accounts.
 * Expires 7 days after it is sent; 'expired' is also computed from `expires_at` on read.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique('invitations_token_hash_unique'),
    type: text('type', { enum: invitationTypes }).notNull(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** Categories the invitee will work with (trainers, players); filled by later issues. */
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** A guardian invitation's children (player user ids of the club), linked on acceptance. */
    playerIds: integer('player_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** A guardian invitation's links are authorised on acceptance (true) or wait for the club. */
    authorizeOnAccept: boolean('authorize_on_accept').notNull().default(false),
    status: text('status', { enum: invitationStatuses }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The account that accepted it (created by the acceptance when it did not exist). */
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'invitations_status_valid',
      sql`${t.status} in ('pending', 'accepted', 'rejected', 'expired', 'revoked')`,
    ),
    check(
      'invitations_type_valid',
      sql`${t.type} in ('owner', 'trainer', 'accountant', 'player_adult', 'player_minor', 'guardian')`,
    ),
    index('invitations_club_status_idx').on(t.clubId, t.status),
    index('invitations_email_idx').on(t.email),
  ],
);
