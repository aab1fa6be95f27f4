import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const clubStatuses = ['active', 'archived'] as const;
export const clubPlans = ['free', 'pro'] as const;

/**
 * A club or team (spec: `pla_club_teams`). The owner is not a column: it is the
 * membership with the 'Propietario del Club' role. `country`, `state` and `city` are
 * plain codes until the reference-data issue adds those tables; `timezone` and
 * `currency` are derived from the country by the clubs service. Later issues add the
 * billing settings (months without billing, late fees, reminders).
 */
export const clubs = pgTable(
  'pla_club_teams',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    sport: text('sport'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    address: text('address'),
    /** The club's tax number as it writes it ('900.123.456-7'), printed on its receipts. */
    nit: text('nit'),
    phone: text('phone'),
    email: text('email'),
    logoUrl: text('logo_url'),
    color: text('color'),
    seasonStartMonth: integer('season_start_month').notNull().default(1),
    seasonEndMonth: integer('season_end_month').notNull().default(12),
    /** Months (1..12) the club bills nothing in (holidays): the generator skips them. */
    nonBillingMonths: integer('non_billing_months')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * Days from a payment's due date on which its family is reminded (negative: before):
     * by default 3 days before, on the day, 5 and 10 days after (issue #13).
     */
    paymentReminderOffsets: integer('payment_reminder_offsets')
      .array()
      .notNull()
      .default(sql`'{-3,0,5,10}'::integer[]`),
    timezone: text('timezone').notNull().default('America/Bogota'),
    currency: text('currency').notNull().default('COP'),
    status: text('status', { enum: clubStatuses }).notNull().default('active'),
    /** Set while the super admin has suspended the club (issue #17): its members are refused. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** The club's plan: 'free' until Pro launches (the upgrade dialog only asks). */
    plan: text('plan', { enum: clubPlans }).notNull().default('free'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pla_club_teams_status_valid', sql`${t.status} in ('active', 'archived')`),
    check('pla_club_teams_plan_valid', sql`${t.plan} in ('free', 'pro')`),
    check(
      'pla_club_teams_non_billing_months_valid',
      sql`${t.nonBillingMonths} <@ array[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]`,
    ),
    check(
      'pla_club_teams_reminder_offsets_valid',
      sql`cardinality(${t.paymentReminderOffsets}) <= 8 and -60 <= all(${t.paymentReminderOffsets}) and 90 >= all(${t.paymentReminderOffsets})`,
    ),
    check(
      'pla_club_teams_season_months_valid',
      sql`${t.seasonStartMonth} between 1 and 12 and ${t.seasonEndMonth} between 1 and 12`,
    ),
  ],
);
