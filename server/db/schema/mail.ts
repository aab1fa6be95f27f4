import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * pending: not tried yet; sending: one server holds it (since `claimed_at`); sent; failed:
 * the last attempt failed (`error`), the queue tries again (server/mail/outbox.ts).
 */
export const outboxStatuses = ['pending', 'sending', 'sent', 'failed'] as const;

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
    /** Deliveries begun, this one included. */
    attempts: integer('attempts').notNull().default(0),
    /** When the server delivering it took it (status 'sending'). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    check('email_outbox_status_valid', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    index('email_outbox_status_idx').on(t.status, t.createdAt),
  ],
);
