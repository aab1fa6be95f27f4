import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a person accepts from the platform itself at sign-up (issue #33 item 8). */
export const platformConsentKinds = ['terms', 'data_policy'] as const;
export type PlatformConsentKind = (typeof platformConsentKinds)[number];

/**
 * A person's acceptance of a platform text — the terms of use (`terms`) or the platform's
 * data-processing authorisation under Ley 1581 (`data_policy`) — with its version, when
 * and from where (IP and browser). No club: a club's own data text is `data_consents`.
 * Append-only: a new version is a new row, and the row outlives an anonymised account.
 */
export const platformConsents = pgTable(
  'platform_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: platformConsentKinds }).notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('platform_consents_user_idx').on(t.userId, t.acceptedAt),
    check('platform_consents_kind_valid', sql`${t.kind} in ('terms', 'data_policy')`),
  ],
);
