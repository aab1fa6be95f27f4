import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Login attempts, kept in the database (not in memory) so every instance of the API
 * counts the same attempts. A row is written before the password is checked (so parallel
 * guesses count at once) and marked `failed` once it was wrong; a success removes its own
 * row and the failures that had ended before it began. Rows older than the window are
 * deleted as new ones arrive.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** False while the password is being checked; true once it proved wrong. */
    failed: boolean('failed').notNull().default(false),
  },
  (t) => [
    index('login_attempts_ip_idx').on(t.ip, t.attemptedAt),
    index('login_attempts_email_ip_idx').on(t.email, t.ip, t.attemptedAt),
    index('login_attempts_attempted_at_idx').on(t.attemptedAt),
  ],
);

/** Password reset links: only the sha256 of the token is stored; single use, 60 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('password_reset_tokens_hash_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Sessions ended before their expiry (logout): the token's `jti`, kept until the token
 * would have expired anyway, so a revoked token stays refused across restarts and on
 * every instance.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);
