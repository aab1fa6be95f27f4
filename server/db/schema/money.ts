import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { clubs } from './clubs';
import { frequencies, paymentMethods } from './reference';
import { users } from './users';

/*
 * The club's money (DOMAIN.md "Money", issue #12). Amounts are integers in minor units
 * (for COP whole pesos, contract/money.schema.ts) in bigint columns read as numbers.
 * Every foreign key from a money row RESTRICTs a delete (trap 7): a charge, discount or
 * player with payments cannot vanish.
 */

const money = (name: string) => bigint(name, { mode: 'number' });
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const moneyStatuses = ['active', 'inactive'] as const;
export const discountKinds = ['percentage', 'fixed', 'siblings'] as const;

/**
 * The payment methods of its country a club accepts, with the account details shown to
 * families on their payments and receipts. A method no longer accepted keeps its row
 * (`accepted` false): past payments still name it.
 */
export const clubPaymentMethods = pgTable(
  'club_payment_methods',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'restrict' }),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'restrict' }),
    accepted: boolean('accepted').notNull().default(true),
    details: text('details'),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.clubId, t.paymentMethodId] })],
);

/**
 * A club's discount: a percentage (1..100 of the base) or a fixed amount (minor units).
 * Linked to charges (`charge_discounts`) and to players (`player_discounts`).
 */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    kind: text('kind', { enum: discountKinds }).notNull(),
    /**
     * Percentage points (1..100) or an amount in minor units, by `kind`; a sibling rule's
     * percentage off the second child.
     */
    value: money('value').notNull(),
    /** A sibling rule's percentage (1..100) off the third and later children (issue #34). */
    thirdValue: integer('third_value'),
    status: text('status', { enum: moneyStatuses }).notNull().default('active'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('discounts_club_name_unique').on(t.clubId, sql`lower(${t.name})`),
    check('discounts_kind_valid', sql`${t.kind} in ('percentage', 'fixed', 'siblings')`),
    check('discounts_status_valid', sql`${t.status} in ('active', 'inactive')`),
    check(
      'discounts_value_valid',
      sql`${t.value} > 0 and (${t.kind} = 'fixed' or ${t.value} <= 100)`,
    ),
    check(
      'discounts_third_value_valid',
      sql`(${t.kind} = 'siblings') = (${t.thirdValue} is not null) and (${t.thirdValue} is null or ${t.thirdValue} between 1 and 100)`,
    ),
  ],
);

export const chargeConcepts = ['training_fee', 'enrollment', 'uniform', 'event', 'other'] as const;
export const chargeScopes = ['all', 'categories', 'players'] as const;

/**
 * What a club bills (DOMAIN.md "Charge"). `amount` is the price of the periods not yet
 * generated: a payment keeps the amount it was generated with, and each change of price
 * is recorded in `charge_price_changes` (who, when, why). `due_day` (1..31, clamped to
 * the month's last day) or `due_date` (a one-off charge) says when a period is due.
 */
export const charges = pgTable(
  'charges',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    concept: text('concept', { enum: chargeConcepts }).notNull(),
    amount: money('amount').notNull(),
    frequencyId: integer('frequency_id')
      .notNull()
      .references(() => frequencies.id, { onDelete: 'restrict' }),
    dueDay: smallint('due_day'),
    dueDate: date('due_date', { mode: 'string' }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    scope: text('scope', { enum: chargeScopes }).notNull().default('all'),
    appliesToNewPlayers: boolean('applies_to_new_players').notNull().default(true),
    status: text('status', { enum: moneyStatuses }).notNull().default('active'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('charges_club_name_unique').on(t.clubId, sql`lower(${t.name})`),
    check(
      'charges_concept_valid',
      sql`${t.concept} in ('training_fee', 'enrollment', 'uniform', 'event', 'other')`,
    ),
    check('charges_scope_valid', sql`${t.scope} in ('all', 'categories', 'players')`),
    check('charges_status_valid', sql`${t.status} in ('active', 'inactive')`),
    check('charges_amount_valid', sql`${t.amount} >= 0`),
    check('charges_due_day_valid', sql`${t.dueDay} is null or ${t.dueDay} between 1 and 31`),
    check('charges_due_valid', sql`${t.dueDay} is not null or ${t.dueDate} is not null`),
    check(
      'charges_validity_valid',
      sql`${t.validUntil} is null or ${t.validFrom} <= ${t.validUntil}`,
    ),
  ],
);

/** The categories a charge with scope 'categories' bills. */
export const chargeCategories = pgTable(
  'charge_categories',
  {
    chargeId: integer('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.chargeId, t.categoryId] })],
);

/** Players a charge names: billed (scope 'players') or excluded (any scope). */
export const chargePlayers = pgTable(
  'charge_players',
  {
    chargeId: integer('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    excluded: boolean('excluded').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.chargeId, t.userId] })],
);

/**
 * The discounts a charge admits. A payment of a player for a charge gets a discount when
 * the discount is active and linked to both: the charge (here) and the player
 * (`player_discounts`). 'Plan Hermanos' on the monthly fees, not on the uniform.
 */
export const chargeDiscounts = pgTable(
  'charge_discounts',
  {
    chargeId: integer('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'restrict' }),
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.chargeId, t.discountId] })],
);

/** The discounts a player of a club holds (applied on the charges that admit them). */
export const playerDiscounts = pgTable(
  'player_discounts',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId, t.discountId] }),
    index('player_discounts_discount_idx').on(t.discountId),
  ],
);

/** Each change of a charge's price: from what to what, from which period, who and why. */
export const chargePriceChanges = pgTable(
  'charge_price_changes',
  {
    id: serial('id').primaryKey(),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'restrict' }),
    oldAmount: money('old_amount').notNull(),
    newAmount: money('new_amount').notNull(),
    reason: text('reason').notNull(),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('charge_price_changes_charge_idx').on(t.chargeId)],
);
