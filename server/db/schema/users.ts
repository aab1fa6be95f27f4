import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { clubs } from './clubs';

export const userStatuses = ['active', 'inactive'] as const;

/**
 * One person. `email` is stored lowercased (the check enforces it) so the unique
 * constraint makes it unique case-insensitively. `token_version` goes into every JWT
 * (claim `tv`); bumping it signs out every earlier session.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    lastname: text('lastname').notNull(),
    /** Null for a person without a login (a child added by their club). */
    email: text('email'),
    /** Null until the person sets a password (added by a club, then invited). */
    passwordHash: text('password_hash'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    currentClubId: integer('current_club_id').references(() => clubs.id, { onDelete: 'set null' }),
    tokenVersion: integer('token_version').notNull().default(0),
    status: text('status', { enum: userStatuses }).notNull().default('active'),
    // Profile fields of DOMAIN.md, filled in by later issues (onboarding, profile).
    documentType: text('document_type'),
    documentNumber: text('document_number'),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender'),
    phone: text('phone'),
    photoUrl: text('photo_url'),
    /** Set while the super admin has locked the account (issue #17): sign-in is refused. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedReason: text('locked_reason'),
    /** Set when the person deleted their account: the row is kept, anonymised (money stays). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('users_email_unique').on(t.email),
    index('users_document_idx').on(t.documentNumber, t.documentType),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_status_valid', sql`${t.status} in ('active', 'inactive')`),
  ],
);
