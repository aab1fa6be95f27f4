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
  uuid,
} from 'drizzle-orm/pg-core';
import { exportFormats, exportStatuses } from '../../../contract/exports.schema';
import { clubs } from './clubs';
import { users } from './users';

/**
 * A grid's export run on the job queue (issue #36 item 2, docs/exports.md): who asked, the
 * list and its query, and where its file is once written. The file is served to the asker
 * only, until `expires_at`; the next export run removes expired files.
 */
export const exports = pgTable(
  'exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The club of a club list (`/api/pla_club_teams/:id/…`); null for the platform's lists. */
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    /** The list's path as asked (`/api/pla_club_teams/3/players`), without the query. */
    listUrl: text('list_url').notNull(),
    /** The list's query as sent (filters, search, sort), replayed as the GET's. */
    query: jsonb('query').$type<Record<string, string | string[]>>().notNull(),
    format: text('format', { enum: exportFormats }).notNull(),
    status: text('status', { enum: exportStatuses }).notNull().default('queued'),
    /** Runs begun, this one included (a retried job counts again). */
    attempts: integer('attempts').notNull().default(0),
    rows: integer('rows'),
    fileName: text('file_name'),
    /** Where the file is in the FileStorage; null before it is written and once removed. */
    storageKey: text('storage_key'),
    error: text('error'),
    /** The key the browser made for the request: the same person and key are one export. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    check('exports_status_valid', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('exports_format_valid', sql`${t.format} in ('csv', 'xlsx')`),
    uniqueIndex('exports_user_key_idx').on(t.userId, t.idempotencyKey),
    index('exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.storageKey} is not null`),
  ],
);
