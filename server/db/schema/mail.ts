import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const outboxStatuses = ['pending', 'sent', 'failed'] as const;

/** Every e-mail the app sends, written before delivery so none is lost silently. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: outboxStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    check('email_outbox_status_valid', sql`${t.status} in ('pending', 'sent', 'failed')`),
    index('email_outbox_status_idx').on(t.status, t.createdAt),
  ],
);
