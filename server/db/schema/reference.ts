import { boolean, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

/**
 * Reference data (DOMAIN.md, "Reference data"): seeded at start-up, read-only for clubs.
 * Codes are ASCII and stable; names are the Spanish labels the forms show.
 */

/** Sports a club or a category plays (`futbol`, `baloncesto`, …). */
export const sports = pgTable('sports', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique('sports_code_unique'),
  name: text('name').notNull(),
});

/** Billing frequencies of a charge; `months` is null for a one-off payment. */
export const frequencies = pgTable('frequencies', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique('frequencies_code_unique'),
  name: text('name').notNull(),
  months: integer('months'),
});

/** Genders of people (female/male/other) and of categories (female/male/mixed). */
export const genders = pgTable('genders', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique('genders_code_unique'),
  name: text('name').notNull(),
  forPeople: boolean('for_people').notNull(),
  forCategories: boolean('for_categories').notNull(),
});

/** Countries a club may be in; a club's currency and timezone come from its country. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  iso2: text('iso2').notNull().unique('countries_iso2_unique'),
  name: text('name').notNull(),
  phoneCode: text('phone_code').notNull(),
  currency: text('currency').notNull(),
  /** Digits after the decimal point of the currency (COP: 0); amounts are stored in minor units. */
  currencyDecimals: integer('currency_decimals').notNull(),
  timezone: text('timezone').notNull(),
});

/** First-level divisions (departamentos, provincias, estados…); `code` is ISO 3166-2's suffix. */
export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('states_country_code_unique').on(t.countryId, t.code)],
);

/** Cities or municipalities of a state; a name is unique within its state (seed key). */
export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
  },
  // Its index leads with state_id, so it also serves "the cities of a state".
  (t) => [unique('cities_state_name_unique').on(t.stateId, t.name)],
);

/** Identity documents of a country; `for_people` false marks a club's (Colombia: NIT). */
export const documentTypes = pgTable(
  'document_types',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    forPeople: boolean('for_people').notNull(),
  },
  (t) => [unique('document_types_country_code_unique').on(t.countryId, t.code)],
);

/** How families pay in a country (Colombia: efectivo, transferencia, Nequi, …). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('payment_methods_country_code_unique').on(t.countryId, t.code)],
);
