import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { linkRequestKinds, linkRequestStatuses } from '../../../contract/link-requests.schema';
import { clubs } from './clubs';
import { users } from './users';

/**
 * What a club asks to set on acceptance: for a player the `players` columns of
 * `clubColumns()` (camelCase, as drizzle names them), for a trainer the category ids.
 */
export type LinkRequestFields =
  { kind: 'player'; columns: Record<string, unknown> } | { kind: 'trainer'; categoryIds: number[] };

/**
 * A club's request to link a person who already belongs elsewhere (issue #33 item 1):
 * the person (or an authorised guardian of a minor) accepts or declines it. 'expired' is
 * computed from `expires_at` on read and stored when someone touches the request. At most
 * one pending request per club, person and kind.
 */
export const linkRequests = pgTable(
  'link_requests',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: linkRequestKinds }).notNull(),
    status: text('status', { enum: linkRequestStatuses }).notNull().default('pending'),
    fields: jsonb('fields').$type<LinkRequestFields>().notNull(),
    typedName: text('typed_name').notNull(),
    typedDocumentType: text('typed_document_type'),
    typedDocumentNumber: text('typed_document_number'),
    typedEmail: text('typed_email'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('link_requests_one_pending_idx')
      .on(t.clubId, t.personId, t.kind)
      .where(sql`${t.status} = 'pending'`),
    index('link_requests_club_idx').on(t.clubId, t.requestedAt),
    index('link_requests_person_idx').on(t.personId, t.status),
    check('link_requests_kind_valid', sql`${t.kind} in ('player', 'trainer')`),
    check(
      'link_requests_status_valid',
      sql`${t.status} in ('pending', 'accepted', 'declined', 'cancelled', 'expired')`,
    ),
  ],
);

/**
 * One single-use token per recipient of a request (the e-mailed link): only its sha256 is
 * kept. `recipient_id` is the account it was sent to (null: the person's e-mail on file).
 */
export const linkRequestTokens = pgTable(
  'link_request_tokens',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => linkRequests.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('link_request_tokens_hash_unique'),
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('link_request_tokens_request_idx').on(t.requestId)],
);
