import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { clubs } from './clubs';
import { users } from './users';

export const playerStatuses = ['active', 'inactive'] as const;

/**
 * The club's fields for a player (DOMAIN.md "Player") and, for a minor, the guardian's
 * contact. Who is a player is the Jugador membership (an invited player counts at once,
 * with no row until the club fills one in); the row stays when they leave the club, so
 * their history (payments, attendance) keeps its subject. Deleting a category with
 * players is refused by the service; this foreign key only clears it for former players.
 */
export const players = pgTable(
  'players',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    status: text('status', { enum: playerStatuses }).notNull().default('active'),
    position: text('position'),
    dominantFoot: text('dominant_foot'),
    jerseyNumber: integer('jersey_number'),
    enrollmentDate: date('enrollment_date', { mode: 'string' }),
    paymentModality: text('payment_modality'),
    eps: text('eps'),
    bloodType: text('blood_type'),
    allergies: text('allergies'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    guardianName: text('guardian_name'),
    guardianPhone: text('guardian_phone'),
    guardianEmail: text('guardian_email'),
    guardianRelationship: text('guardian_relationship'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Copies of the person's names kept by triggers (see club_memberships), for ORDER BY only. */
    sortLastname: text('sort_lastname').notNull().default(''),
    sortName: text('sort_name').notNull().default(''),
    /**
     * What the players list searches, folded as lists/searchCondition folds (lower case, no
     * accents): "name lastname", document and guardian name, chr(1) between them. A trigger
     * (migration 0008) writes it from the person and the guardian; read it, never write it.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * Whether the person holds the club's Jugador role now (false once they left), kept
     * by triggers (migration 0010) so a category's list and count read this table alone.
     * Read it, never write it.
     */
    inClub: boolean('in_club').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId] }),
    // A category's players in name order (and "the category has players" by its prefix).
    index('players_club_category_name_idx').on(
      t.clubId,
      t.categoryId,
      sql`${t.sortLastname} collate "und-x-icu"`,
      sql`${t.sortName} collate "und-x-icu"`,
      t.userId,
    ),
    // A category's current players in name order, with the text the list searches.
    index('players_club_category_in_club_idx')
      .on(
        t.clubId,
        t.categoryId,
        sql`${t.sortLastname} collate "und-x-icu"`,
        sql`${t.sortName} collate "und-x-icu"`,
        t.userId,
        t.searchText,
      )
      .where(sql`${t.inClub}`),
    // A person's own players rows in every club (the player's dashboard; migration 0028).
    index('players_user_idx').on(t.userId),
    check('players_status_valid', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/**
 * How many players each category of a club has (players rows `in_club`), kept by triggers
 * on players (migration 0046) in the transaction that adds, moves or removes a player: the
 * total of a category's list (1,400 players) without counting them on every page.
 */
export const categoryPlayerCounts = pgTable(
  'category_player_counts',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    players: integer('players').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.categoryId] })],
);
