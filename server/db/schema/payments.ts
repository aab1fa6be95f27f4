import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { clubs } from './clubs';
import { charges } from './money';
import { players } from './players';
import { paymentMethods } from './reference';
import { users } from './users';

/*
 * What each player owes and what the club received (DOMAIN.md "Money", issue #12).
 *
 * - A **payment** is one player × charge × period (unique), generated with the amount of
 *   its charge then and the discounts applied (a snapshot: a later change of price or
 *   discount never rewrites it, trap 11). Its `status` is the one source of truth for its
 *   state (trap 8); "overdue" is computed from `due_date`, never stored.
 * - A **payment record** is money received or claimed for a payment: recorded by staff or
 *   sent by a family with a proof, approved or rejected. An approved record gets the
 *   club's next **receipt number** in the approving transaction (gap-free, never reused).
 *   Collected money is the sum of approved records by the day they were approved (trap 9).
 * - Every action writes a **payment event** (who, when, what, why).
 *
 * Amounts in minor units (COP: whole pesos). Foreign keys RESTRICT (trap 7): nothing here
 * is ever deleted.
 */

const money = (name: string) => bigint(name, { mode: 'number' });

export const paymentStatuses = [
  'pending',
  'partial',
  'in_review',
  'paid',
  'rejected',
  'cancelled',
  'exempt',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** One discount as it was applied when the payment was generated. */
export interface AppliedDiscount {
  id: number;
  name: string;
  kind: 'percentage' | 'fixed' | 'siblings';
  /** Percentage points or minor units; for a sibling rule, the percentage this child got. */
  value: number;
  amount: number;
  /** Why a sibling rule applied ('2.º hijo: 15 %'); absent or null for the others. */
  reason?: string | null;
}

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'restrict' }),
    /**
     * The player's category when the payment was billed (migration 0021: filled from the
     * players row on insert, never moved after): the grid's category filter and column,
     * and payment_counts' key, so a category's billing history stays where it was billed.
     */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    /** The first day of the period billed (the first of its first month; a one-off: its due month). */
    period: date('period', { mode: 'string' }).notNull(),
    coversFrom: date('covers_from', { mode: 'string' }).notNull(),
    coversTo: date('covers_to', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    baseAmount: money('base_amount').notNull(),
    discountAmount: money('discount_amount').notNull().default(0),
    amountDue: money('amount_due').notNull(),
    /** The sum of its approved records. */
    amountPaid: money('amount_paid').notNull().default(0),
    discountsApplied: jsonb('discounts_applied').$type<AppliedDiscount[]>().notNull().default([]),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    /** Why it was cancelled or exempted (required for those), or why the last proof was rejected. */
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: integer('status_changed_by').references(() => users.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payments_charge_user_period_unique').on(t.chargeId, t.userId, t.period),
    // Two covering indexes live in migration 0015's SQL (Drizzle cannot declare INCLUDE):
    // payments_club_period_due_idx (club_id, period, due_date, id) INCLUDE (status,
    // user_id, amount_due, amount_paid, category_id since 0021): a period's page in
    // due-date order, its count and figures from the index alone; payments_club_owing_due_idx (club_id, due_date)
    // INCLUDE (amount_due, amount_paid, category_id and user_id since 0027) WHERE owing: the
    // overdue figures and the debtors by category (bench/README.md).
    index('payments_club_status_due_idx').on(t.clubId, t.status, t.dueDate),
    // Migration 0043 adds, in SQL only, player_search (the player's "name lastname" and
    // document, kept by triggers; never read or written through this table), and 0045 its
    // index payments_search_keys_idx (GIN on keys of the club's period and a trigram): the
    // grid's search in a period (payments.queries.ts).
    // A player's payments of a period.
    index('payments_club_user_idx').on(t.clubId, t.userId, t.period),
    // Every payment bills a player of the club (migration 0023): a players row, never deleted.
    foreignKey({
      name: 'payments_club_player_fk',
      columns: [t.clubId, t.userId],
      foreignColumns: [players.clubId, players.userId],
    }).onDelete('restrict'),
    check(
      'payments_status_valid',
      sql`${t.status} in ('pending', 'partial', 'in_review', 'paid', 'rejected', 'cancelled', 'exempt')`,
    ),
    check(
      'payments_amounts_valid',
      sql`${t.baseAmount} >= 0 and ${t.discountAmount} >= 0 and ${t.amountDue} = ${t.baseAmount} - ${t.discountAmount} and ${t.amountDue} >= 0 and ${t.amountPaid} >= 0 and ${t.amountPaid} <= ${t.amountDue}`,
    ),
    check('payments_covers_valid', sql`${t.coversFrom} <= ${t.coversTo}`),
    check(
      'payments_reason_valid',
      sql`${t.status} not in ('cancelled', 'exempt') or ${t.statusReason} is not null`,
    ),
  ],
);

export const paymentRecordStatuses = ['in_review', 'approved', 'rejected'] as const;

export const paymentRecords = pgTable(
  'payment_records',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'restrict',
    }),
    /** The day the family or the club says the money was paid. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference'),
    note: text('note'),
    /** The proof's storage key (image or PDF), if one was sent. */
    proofPath: text('proof_path'),
    status: text('status', { enum: paymentRecordStatuses }).notNull(),
    /** Assigned when approved, from club_receipt_counters, in the approving transaction. */
    receiptNumber: integer('receipt_number'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'restrict' }),
    rejectionReason: text('rejection_reason'),
    recordedBy: integer('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_records_club_receipt_unique')
      .on(t.clubId, t.receiptNumber)
      .where(sql`${t.receiptNumber} is not null`),
    index('payment_records_payment_idx').on(t.paymentId),
    // INCLUDE (amount) since migration 0022 (Drizzle cannot declare it): the Pagos header's
    // records in review and approved in a month are summed from the index alone.
    index('payment_records_club_reviewed_idx').on(t.clubId, t.status, t.reviewedAt),
    check('payment_records_amount_valid', sql`${t.amount} > 0`),
    check(
      'payment_records_status_valid',
      sql`${t.status} in ('in_review', 'approved', 'rejected')`,
    ),
    check(
      'payment_records_receipt_valid',
      sql`(${t.status} = 'approved') = (${t.receiptNumber} is not null)`,
    ),
  ],
);

/** Each club's last receipt number: the row is locked by the approving transaction. */
export const clubReceiptCounters = pgTable('club_receipt_counters', {
  clubId: integer('club_id')
    .primaryKey()
    .references(() => clubs.id, { onDelete: 'restrict' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/** What happened to a payment: generated, recorded, approved, rejected, cancelled, exempted… */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    /** Null for the server's own jobs (the daily generation). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    recordId: integer('record_id').references(() => paymentRecords.id, { onDelete: 'restrict' }),
    amount: money('amount'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.at)],
);

/**
 * A public link to one receipt (an approved record), shared by WhatsApp: only the token's
 * sha256 is kept; it expires and staff can revoke it.
 */
export const receiptLinks = pgTable(
  'receipt_links',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'restrict' }),
    recordId: integer('record_id')
      .notNull()
      .references(() => paymentRecords.id, { onDelete: 'restrict' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipt_links_token_unique').on(t.tokenHash),
    index('receipt_links_record_idx').on(t.recordId),
  ],
);
