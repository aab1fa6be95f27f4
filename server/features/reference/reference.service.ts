import { and, eq, type SQL } from 'drizzle-orm';
import {
  type City,
  type Country,
  type CountryDetail,
  type CountryState,
  type Frequency,
  type Gender,
  type GenderUse,
  type Sport,
  referenceMessages,
} from '../../../contract/reference.schema';
import type { Db } from '../../db/client';
import {
  cities,
  countries,
  documentTypes,
  frequencies,
  genders,
  paymentMethods,
  sports,
  states,
} from '../../db/schema/reference';
import { AppError } from '../../lib/app-error';

/*
 * Sorted here rather than by `order by name`: PGlite and PostgreSQL may collate
 * differently, and Spanish order puts 'Ávila' among the A's and 'Ñuble' after 'N'.
 */
const spanish = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
const byName = <T extends { name: string }>(rows: T[]): T[] =>
  rows.sort((a, b) => spanish.compare(a.name, b.name));

/** The catch-all sport ('Otro') goes last, after the sports sorted by name. */
const CATCH_ALL_SPORT = 'otro';

/** Reads the seeded reference data (sports, genders, countries → states → cities, …). */
export function createReferenceService(db: Db) {
  const countryColumns = {
    id: countries.id,
    iso2: countries.iso2,
    name: countries.name,
    phone_code: countries.phoneCode,
    currency: countries.currency,
    currency_decimals: countries.currencyDecimals,
    timezone: countries.timezone,
  };

  async function findCountry(id: number): Promise<Country> {
    const [country] = await db.select(countryColumns).from(countries).where(eq(countries.id, id));
    if (!country) throw new AppError(404, referenceMessages.countryNotFound);
    return country;
  }

  return {
    async listSports(): Promise<Sport[]> {
      const rows = byName(
        await db.select({ id: sports.id, code: sports.code, name: sports.name }).from(sports),
      );
      return [
        ...rows.filter((row) => row.code !== CATCH_ALL_SPORT),
        ...rows.filter((row) => row.code === CATCH_ALL_SPORT),
      ];
    },

    /** In the order of their length: one-off first, then monthly … annual. */
    async listFrequencies(): Promise<Frequency[]> {
      const rows = await db
        .select({
          id: frequencies.id,
          code: frequencies.code,
          name: frequencies.name,
          months: frequencies.months,
        })
        .from(frequencies);
      return rows.sort((a, b) => (a.months ?? 0) - (b.months ?? 0));
    },

    /** Every gender, or only those a person (`people`) or a category may have. */
    async listGenders(use?: GenderUse): Promise<Gender[]> {
      const filters: Record<GenderUse, SQL> = {
        people: eq(genders.forPeople, true),
        categories: eq(genders.forCategories, true),
      };
      const rows = await db
        .select({
          id: genders.id,
          code: genders.code,
          name: genders.name,
          for_people: genders.forPeople,
          for_categories: genders.forCategories,
        })
        .from(genders)
        .where(use ? filters[use] : undefined);
      return byName(rows);
    },

    async listCountries(): Promise<Country[]> {
      return byName(await db.select(countryColumns).from(countries));
    },

    /** One country with its document types and payment methods; 404 when unknown. */
    async getCountry(id: number): Promise<CountryDetail> {
      const country = await findCountry(id);
      const documents = await db
        .select({
          id: documentTypes.id,
          code: documentTypes.code,
          name: documentTypes.name,
          for_people: documentTypes.forPeople,
        })
        .from(documentTypes)
        .where(eq(documentTypes.countryId, id))
        .orderBy(documentTypes.id);
      const methods = await db
        .select({ id: paymentMethods.id, code: paymentMethods.code, name: paymentMethods.name })
        .from(paymentMethods)
        .where(eq(paymentMethods.countryId, id))
        .orderBy(paymentMethods.id);
      // Seed order on purpose: the most used first (CC before TI…, cash before transfer…).
      return { ...country, document_types: documents, payment_methods: methods };
    },

    async listStates(countryId: number): Promise<CountryState[]> {
      await findCountry(countryId);
      const rows = await db
        .select({
          id: states.id,
          country_id: states.countryId,
          code: states.code,
          name: states.name,
        })
        .from(states)
        .where(eq(states.countryId, countryId));
      return byName(rows);
    },

    /** The cities of a state of that country; 404 for an unknown country or a foreign state. */
    async listCities(countryId: number, stateId: number): Promise<City[]> {
      await findCountry(countryId);
      const [state] = await db
        .select({ id: states.id })
        .from(states)
        .where(and(eq(states.id, stateId), eq(states.countryId, countryId)));
      if (!state) throw new AppError(404, referenceMessages.stateNotFound);
      const rows = await db
        .select({ id: cities.id, state_id: cities.stateId, name: cities.name })
        .from(cities)
        .where(eq(cities.stateId, stateId));
      return byName(rows);
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
