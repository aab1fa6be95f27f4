import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { invitations } from './invitations';
import { players } from './players';
import { users } from './users';

/**
 * A guardian's link to a child (a player row of a club): pending until the club's staff
 * or the child's primary guardian authorise or deny it (who and when kept). Only an
 * authorised link shows the child's data, sends the child's notices and pays the child's
 * payments (DOMAIN.md "Parent–child links"). At most one primary guardian per child.
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    clubId: integer('club_id').notNull(),
    playerId: integer('player_id').notNull(),
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'authorized', 'denied'] })
      .notNull()
      .default('pending'),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** The guardian invitation that created the link, if any. */
    invitationId: integer('invitation_id').references(() => invitations.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.playerId, t.guardianId] }),
    foreignKey({
      name: 'guardian_links_player_fk',
      columns: [t.clubId, t.playerId],
      foreignColumns: [players.clubId, players.userId],
    }),
    foreignKey({
      name: 'guardian_links_club_fk',
      columns: [t.clubId],
      foreignColumns: [clubs.id],
    }),
    // "My children" of a guardian, authorised ones first found by their prefix.
    index('guardian_links_guardian_idx').on(t.guardianId, t.status, t.clubId, t.playerId),
    uniqueIndex('guardian_links_one_primary_idx')
      .on(t.clubId, t.playerId)
      .where(sql`${t.isPrimary}`),
    check('guardian_links_status_valid', sql`${t.status} in ('pending', 'authorized', 'denied')`),
    check('guardian_links_not_self', sql`${t.guardianId} <> ${t.playerId}`),
  ],
);

/**
 * A person's acceptance of a club's data-processing text (Ley 1581): which version, when
 * and from where (IP and browser). Append-only: a new version is a new row.
 */
export const dataConsents = pgTable(
  'data_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('data_consents_user_club_idx').on(t.userId, t.clubId, t.acceptedAt)],
);

/**
 * A child's photo consent in one channel (internal, public web, social networks), given
 * or withdrawn by an authorised guardian (or the adult player); no row is no consent.
 * The audit log keeps the history of changes.
 */
export const photoConsents = pgTable(
  'photo_consents',
  {
    clubId: integer('club_id').notNull(),
    playerId: integer('player_id').notNull(),
    channel: text('channel', { enum: ['internal', 'public_web', 'social'] }).notNull(),
    granted: boolean('granted').notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.playerId, t.channel] }),
    foreignKey({
      name: 'photo_consents_player_fk',
      columns: [t.clubId, t.playerId],
      foreignColumns: [players.clubId, players.userId],
    }),
    check('photo_consents_channel_valid', sql`${t.channel} in ('internal', 'public_web', 'social')`),
  ],
);
