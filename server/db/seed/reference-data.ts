import { count, eq, inArray } from 'drizzle-orm';
import { documentTypeLabels, personGenderLabels } from '../../../contract/profile.schema';
import type { Db } from '../client';
import {
  cities,
  countries,
  documentTypes,
  frequencies,
  genders,
  paymentMethods,
  sports,
  states,
} from '../schema/reference';

/*
 * Reference data of DOMAIN.md: sports, frequencies, genders, and countries → states →
 * cities with each country's document types and payment methods. Countries, states and
 * cities come from the npm package `country-state-city` 3.2 (GPL-3.0; its data from an
 * ODbL database, credited in the README), loaded here only, at seed time: its city file
 * is 8 MB and must never reach the browser bundle.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const sportSeeds = [
  { code: 'futbol', name: 'Fútbol' },
  { code: 'futbol_sala', name: 'Fútbol sala' },
  { code: 'baloncesto', name: 'Baloncesto' },
  { code: 'voleibol', name: 'Voleibol' },
  { code: 'beisbol', name: 'Béisbol' },
  { code: 'natacion', name: 'Natación' },
  { code: 'atletismo', name: 'Atletismo' },
  { code: 'patinaje', name: 'Patinaje' },
  { code: 'tenis', name: 'Tenis' },
  { code: 'ciclismo', name: 'Ciclismo' },
  { code: 'rugby', name: 'Rugby' },
  { code: 'otro', name: 'Otro' },
];

/** The frequencies of a charge (DOMAIN.md, "Money"); a one-off payment repeats never. */
export const frequencySeeds = [
  { code: 'one_time', name: 'Pago único', months: null },
  { code: 'monthly', name: 'Mensual', months: 1 },
  { code: 'quarterly', name: 'Trimestral', months: 3 },
  { code: 'semiannual', name: 'Semestral', months: 6 },
  { code: 'annual', name: 'Anual', months: 12 },
];

/** People are female/male/other (contract/profile.schema.ts); categories female/male/mixed. */
export const genderSeeds = [
  { code: 'female', name: personGenderLabels.female, forPeople: true, forCategories: true },
  { code: 'male', name: personGenderLabels.male, forPeople: true, forCategories: true },
  { code: 'other', name: personGenderLabels.other, forPeople: true, forCategories: false },
  { code: 'mixed', name: 'Mixto', forPeople: false, forCategories: true },
];

type CountrySeed = {
  iso2: string;
  name: string;
  phoneCode: string;
  currency: string;
  currencyDecimals: number;
  timezone: string;
};

/** The countries seeded, with their Spanish names; the package only has English ones. */
export const countrySeeds: CountrySeed[] = [
  {
    iso2: 'CO',
    name: 'Colombia',
    phoneCode: '+57',
    currency: 'COP',
    currencyDecimals: 0,
    timezone: 'America/Bogota',
  },
  {
    iso2: 'MX',
    name: 'México',
    phoneCode: '+52',
    currency: 'MXN',
    currencyDecimals: 2,
    timezone: 'America/Mexico_City',
  },
  {
    iso2: 'AR',
    name: 'Argentina',
    phoneCode: '+54',
    currency: 'ARS',
    currencyDecimals: 2,
    timezone: 'America/Argentina/Buenos_Aires',
  },
  {
    iso2: 'PE',
    name: 'Perú',
    phoneCode: '+51',
    currency: 'PEN',
    currencyDecimals: 2,
    timezone: 'America/Lima',
  },
  {
    iso2: 'CL',
    name: 'Chile',
    phoneCode: '+56',
    currency: 'CLP',
    currencyDecimals: 0,
    timezone: 'America/Santiago',
  },
  {
    iso2: 'EC',
    name: 'Ecuador',
    phoneCode: '+593',
    currency: 'USD',
    currencyDecimals: 2,
    timezone: 'America/Guayaquil',
  },
  {
    iso2: 'VE',
    name: 'Venezuela',
    phoneCode: '+58',
    // The package still says VEF; the bolívar soberano (VES) replaced it in 2018.
    currency: 'VES',
    currencyDecimals: 2,
    timezone: 'America/Caracas',
  },
  {
    iso2: 'PA',
    name: 'Panamá',
    phoneCode: '+507',
    currency: 'PAB',
    currencyDecimals: 2,
    timezone: 'America/Panama',
  },
  {
    iso2: 'CR',
    name: 'Costa Rica',
    phoneCode: '+506',
    currency: 'CRC',
    currencyDecimals: 2,
    timezone: 'America/Costa_Rica',
  },
  {
    iso2: 'ES',
    name: 'España',
    phoneCode: '+34',
    currency: 'EUR',
    currencyDecimals: 2,
    timezone: 'Europe/Madrid',
  },
];

/** Colombia's documents (DOMAIN.md, "Documents"): the people's ones plus the clubs' NIT. */
const colombianDocuments = [
  ...Object.entries(documentTypeLabels).map(([code, name]) => ({ code, name, forPeople: true })),
  { code: 'NIT', name: 'Número de identificación tributaria', forPeople: false },
];
/** Elsewhere only the passport is known for sure; national documents come with each market. */
const otherDocuments = [{ code: 'PAS', name: 'Pasaporte', forPeople: true }];

const colombianPaymentMethods = [
  { code: 'cash', name: 'Efectivo' },
  { code: 'transfer', name: 'Transferencia' },
  { code: 'nequi', name: 'Nequi' },
  { code: 'daviplata', name: 'Daviplata' },
  { code: 'pse', name: 'PSE' },
  { code: 'card', name: 'Tarjeta' },
];
const otherPaymentMethods = [
  { code: 'cash', name: 'Efectivo' },
  { code: 'transfer', name: 'Transferencia' },
  { code: 'card', name: 'Tarjeta' },
];

/** Spanish names of the states the package names in English (or as "X Province"). */
const stateNameOverrides: Record<string, Record<string, string>> = {
  ES: {
    AN: 'Andalucía',
    AR: 'Aragón',
    PM: 'Islas Baleares',
    PV: 'País Vasco',
    CN: 'Canarias',
    CL: 'Castilla y León',
    CM: 'Castilla-La Mancha',
    CT: 'Cataluña',
    LE: 'León',
    VC: 'Comunidad Valenciana',
  },
  PA: { EM: 'Comarca Emberá-Wounaan', KY: 'Guna Yala', NB: 'Comarca Ngöbe-Buglé' },
  PE: { HUC: 'Huánuco' },
  VE: { W: 'Dependencias Federales' },
};

/** "Burgos Province" → "Burgos", "Provincia de Cartago" → "Cartago". */
function spanishStateName(iso2: string, code: string, name: string): string {
  return (
    stateNameOverrides[iso2]?.[code] ?? name.replace(/ Province$/, '').replace(/^Provincia de /, '')
  );
}

/** Rows per INSERT: few statements (PGlite pays per statement), well under 65,535 parameters. */
const BATCH = 5_000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

/**
 * Inserts the reference data that is missing. Idempotent (`ON CONFLICT DO NOTHING` on
 * every natural key) and cheap once done: a country whose states and cities are all
 * there is skipped after one counting query, so a seeded database costs a few queries.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(sports).values(sportSeeds).onConflictDoNothing({ target: sports.code });
    await tx
      .insert(frequencies)
      .values(frequencySeeds)
      .onConflictDoNothing({ target: frequencies.code });
    await tx.insert(genders).values(genderSeeds).onConflictDoNothing({ target: genders.code });
    await tx.insert(countries).values(countrySeeds).onConflictDoNothing({ target: countries.iso2 });

    const countryRows = await tx
      .select({ id: countries.id, iso2: countries.iso2 })
      .from(countries)
      .where(
        inArray(
          countries.iso2,
          countrySeeds.map((country) => country.iso2),
        ),
      );
    await tx
      .insert(documentTypes)
      .values(
        countryRows.flatMap(({ id, iso2 }) =>
          (iso2 === 'CO' ? colombianDocuments : otherDocuments).map((doc) => ({
            countryId: id,
            ...doc,
          })),
        ),
      )
      .onConflictDoNothing({ target: [documentTypes.countryId, documentTypes.code] });
    await tx
      .insert(paymentMethods)
      .values(
        countryRows.flatMap(({ id, iso2 }) =>
          (iso2 === 'CO' ? colombianPaymentMethods : otherPaymentMethods).map((method) => ({
            countryId: id,
            ...method,
          })),
        ),
      )
      .onConflictDoNothing({ target: [paymentMethods.countryId, paymentMethods.code] });

    await seedGeography(tx, countryRows);
  });
}

/** States and cities of each seeded country that does not hold all of them yet. */
async function seedGeography(tx: Tx, countryRows: { id: number; iso2: string }[]) {
  const { State, City } = await import('country-state-city');
  const stateCounts = await tx
    .select({ countryId: states.countryId, n: count() })
    .from(states)
    .groupBy(states.countryId);
  const cityCounts = await tx
    .select({ countryId: states.countryId, n: count() })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .groupBy(states.countryId);
  const statesHeld = new Map(stateCounts.map((row) => [row.countryId, row.n]));
  const citiesHeld = new Map(cityCounts.map((row) => [row.countryId, row.n]));

  for (const { id: countryId, iso2 } of countryRows) {
    const packageStates = State.getStatesOfCountry(iso2);
    const packageCities = City.getCitiesOfCountry(iso2) ?? [];
    if (
      (statesHeld.get(countryId) ?? 0) >= packageStates.length &&
      (citiesHeld.get(countryId) ?? 0) >= packageCities.length
    ) {
      continue;
    }

    await tx
      .insert(states)
      .values(
        packageStates.map((state) => ({
          countryId,
          code: state.isoCode,
          name: spanishStateName(iso2, state.isoCode, state.name),
        })),
      )
      .onConflictDoNothing({ target: [states.countryId, states.code] });
    const stateRows = await tx
      .select({ id: states.id, code: states.code })
      .from(states)
      .where(eq(states.countryId, countryId));
    const stateIdByCode = new Map(stateRows.map((row) => [row.code, row.id]));

    const cityRows = packageCities.flatMap((city) => {
      const stateId = stateIdByCode.get(city.stateCode);
      return stateId === undefined ? [] : [{ stateId, name: city.name }];
    });
    await insertInBatches(cityRows, (batch) =>
      tx
        .insert(cities)
        .values(batch)
        .onConflictDoNothing({ target: [cities.stateId, cities.name] }),
    );
  }
}
