import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type {
  City,
  Country,
  CountryDetail,
  CountryState,
  Frequency,
  Gender,
  Sport,
} from '../../contract/reference.schema';
import type { Db } from '../../server/db/client';
import {
  cities,
  countries,
  documentTypes,
  frequencies,
  genders,
  paymentMethods,
  sports,
  states,
} from '../../server/db/schema/reference';
import { seedReference } from '../../server/db/seed/reference';
import { seedReferenceData } from '../../server/db/seed/reference-data';
import { describeEachDatabase, registerUser, type TestContext } from './support/test-app';

async function referenceCounts(db: Db) {
  const tables = {
    sports,
    frequencies,
    genders,
    countries,
    states,
    cities,
    documentTypes,
    paymentMethods,
  };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    result[name] = row?.n ?? 0;
  }
  return result;
}

describeEachDatabase('reference data', (ctx: TestContext) => {
  let token = '';
  let colombia: Country;
  let mexico: Country;

  const get = <T>(url: string, as = token) =>
    ctx
      .request({ method: 'GET', url, token: as })
      .then((response) => ({ response, data: response.json<{ data: T }>().data }));
  const statesOf = async (country: Country) =>
    (await get<CountryState[]>(`/api/admin/country/${country.id}/states`)).data;
  const stateNamed = async (country: Country, name: string) => {
    const state = (await statesOf(country)).find((row) => row.name === name);
    if (!state) throw new Error(`no state ${name} in ${country.name}`);
    return state;
  };

  beforeAll(async () => {
    ({ token } = await registerUser(ctx));
    const { data } = await get<Country[]>('/api/admin/countries');
    colombia = data.find((country) => country.iso2 === 'CO')!;
    mexico = data.find((country) => country.iso2 === 'MX')!;
  });

  it('refuses every reference list without a session', async () => {
    for (const url of [
      '/api/admin/sports',
      '/api/admin/frequencies',
      '/api/admin/genders',
      '/api/admin/countries',
      `/api/admin/country/${colombia.id}`,
      `/api/admin/country/${colombia.id}/states`,
      `/api/admin/country/${colombia.id}/state/1/cities`,
    ]) {
      const response = await ctx.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('lists the sports by name with Otro last, cacheable by the browser for an hour', async () => {
    const { response, data } = await get<Sport[]>('/api/admin/sports');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(data).toHaveLength(12);
    expect(data.at(-1)).toMatchObject({ code: 'otro', name: 'Otro' });
    expect(data.map((sport) => sport.name)).toEqual(
      expect.arrayContaining(['Fútbol', 'Fútbol sala', 'Baloncesto', 'Béisbol', 'Natación']),
    );
    const names = data.slice(0, -1).map((sport) => sport.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    expect(data.every((sport) => /^[a-z_]+$/.test(sport.code))).toBe(true);
  });

  it('lists the frequencies from a one-off payment to annual, with their months', async () => {
    const { data } = await get<Frequency[]>('/api/admin/frequencies');
    expect(data.map(({ code, name, months }) => ({ code, name, months }))).toEqual([
      { code: 'one_time', name: 'Pago único', months: null },
      { code: 'monthly', name: 'Mensual', months: 1 },
      { code: 'quarterly', name: 'Trimestral', months: 3 },
      { code: 'semiannual', name: 'Semestral', months: 6 },
      { code: 'annual', name: 'Anual', months: 12 },
    ]);
  });

  it('lists the genders of people and of categories, filtered on request', async () => {
    const codes = async (query: string) =>
      (await get<Gender[]>(`/api/admin/genders${query}`)).data.map((gender) => gender.code).sort();
    expect(await codes('')).toEqual(['female', 'male', 'mixed', 'other']);
    expect(await codes('?for=people')).toEqual(['female', 'male', 'other']);
    expect(await codes('?for=categories')).toEqual(['female', 'male', 'mixed']);
    const { data } = await get<Gender[]>('/api/admin/genders');
    expect(data.find((gender) => gender.code === 'mixed')).toMatchObject({
      name: 'Mixto',
      for_people: false,
      for_categories: true,
    });

    const refused = await ctx.request({
      method: 'GET',
      url: '/api/admin/genders?for=teams',
      token,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ path: 'for' })]);
  });

  it('lists Colombia and other Spanish-speaking countries by their Spanish names', async () => {
    const { data } = await get<Country[]>('/api/admin/countries');
    expect(colombia).toMatchObject({
      name: 'Colombia',
      phone_code: '+57',
      currency: 'COP',
      currency_decimals: 0,
      timezone: 'America/Bogota',
    });
    const names = data.map((country) => country.name);
    expect(names).toEqual(
      expect.arrayContaining(['México', 'Argentina', 'Perú', 'Chile', 'Ecuador', 'Venezuela']),
    );
    expect(names).toEqual(expect.arrayContaining(['Panamá', 'Costa Rica', 'España']));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    for (const country of data) {
      expect((await statesOf(country)).length, country.name).toBeGreaterThan(5);
    }
  });

  it("gives Colombia's document types (NIT for clubs only) and payment methods", async () => {
    const { response, data } = await get<CountryDetail>(`/api/admin/country/${colombia.id}`);
    expect(response.statusCode).toBe(200);
    expect(data).toMatchObject({ iso2: 'CO', currency: 'COP' });
    expect(data.document_types.map((doc) => doc.code)).toEqual([
      'CC',
      'TI',
      'RC',
      'CE',
      'PAS',
      'PPT',
      'NIT',
    ]);
    expect(data.document_types.find((doc) => doc.code === 'CC')).toMatchObject({
      name: 'Cédula de ciudadanía',
      for_people: true,
    });
    expect(data.document_types.find((doc) => doc.code === 'NIT')?.for_people).toBe(false);
    expect(data.payment_methods.map((method) => method.name)).toEqual([
      'Efectivo',
      'Transferencia',
      'Nequi',
      'Daviplata',
      'PSE',
      'Tarjeta',
    ]);
  });

  it("lists Colombia's 33 departments, Bogotá included, in Spanish order", async () => {
    const data = await statesOf(colombia);
    expect(data).toHaveLength(33);
    const names = data.map((state) => state.name);
    expect(names).toEqual(expect.arrayContaining(['Antioquia', 'Bogotá D.C.', 'Valle del Cauca']));
    expect(data.every((state) => state.country_id === colombia.id)).toBe(true);
    // Byte order would put 'Córdoba' after 'Cundinamarca'; Spanish order puts it before.
    expect(names.indexOf('Córdoba')).toBeGreaterThan(names.indexOf('Chocó'));
    expect(names.indexOf('Córdoba')).toBeLessThan(names.indexOf('Cundinamarca'));
  });

  it('sorts accented names with their letter (Ávila among the A’s of Spain)', async () => {
    const { data } = await get<Country[]>('/api/admin/countries');
    const spain = data.find((country) => country.iso2 === 'ES')!;
    const names = (await statesOf(spain)).map((state) => state.name);
    expect(names.indexOf('Ávila')).toBeGreaterThan(names.indexOf('Andalucía'));
    expect(names.indexOf('Ávila')).toBeLessThan(names.indexOf('Burgos'));
  });

  it("lists Antioquia's 125 municipalities, Medellín among them, and Bogotá's city", async () => {
    const antioquia = await stateNamed(colombia, 'Antioquia');
    const { response, data } = await get<City[]>(
      `/api/admin/country/${colombia.id}/state/${antioquia.id}/cities`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(data).toHaveLength(125);
    expect(data.map((city) => city.name)).toContain('Medellín');
    expect(data.every((city) => city.state_id === antioquia.id)).toBe(true);

    const bogota = await stateNamed(colombia, 'Bogotá D.C.');
    const bogotaCities = await get<City[]>(
      `/api/admin/country/${colombia.id}/state/${bogota.id}/cities`,
    );
    expect(bogotaCities.data.map((city) => city.name)).toEqual(['Bogotá D.C.']);
  });

  it('answers 404 for an unknown country or a state of another country', async () => {
    const jalisco = await stateNamed(mexico, 'Jalisco');
    const foreign = await ctx.request({
      method: 'GET',
      url: `/api/admin/country/${colombia.id}/state/${jalisco.id}/cities`,
      token,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Departamento no encontrado' });

    for (const url of [
      '/api/admin/country/999999',
      '/api/admin/country/999999/states',
      `/api/admin/country/999999/state/${jalisco.id}/cities`,
    ]) {
      const response = await ctx.request({ method: 'GET', url, token });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'País no encontrado' });
    }
  });

  it('answers 400 naming the field for an identifier that is not one', async () => {
    const cases: [string, string][] = [
      ['/api/admin/country/abc', 'id'],
      ['/api/admin/country/0/states', 'id'],
      [`/api/admin/country/${colombia.id}/state/-3/cities`, 'stateId'],
      [`/api/admin/country/${colombia.id}/state/1.5/cities`, 'stateId'],
    ];
    for (const [url, path] of cases) {
      const response = await ctx.request({ method: 'GET', url, token });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors, url).toEqual([expect.objectContaining({ path })]);
    }
  });

  it('adds nothing when the seed runs again', async () => {
    const before = await referenceCounts(ctx.db);
    expect(before).toMatchObject({ sports: 12, frequencies: 5, genders: 4, countries: 10 });
    const [colombianCities] = await ctx.db
      .select({ n: count() })
      .from(cities)
      .innerJoin(states, eq(states.id, cities.stateId))
      .where(eq(states.countryId, colombia.id));
    expect(colombianCities?.n).toBe(1123);

    await seedReferenceData(ctx.db);
    await seedReference(ctx.db);
    expect(await referenceCounts(ctx.db)).toEqual(before);
  });

  it('puts back a city that went missing, and only that one', async () => {
    const antioquia = await stateNamed(colombia, 'Antioquia');
    const before = await referenceCounts(ctx.db);
    const [medellin] = await ctx.db
      .delete(cities)
      .where(eq(cities.name, 'Medellín'))
      .returning({ stateId: cities.stateId });
    expect(medellin?.stateId).toBe(antioquia.id);

    await seedReferenceData(ctx.db);
    expect(await referenceCounts(ctx.db)).toEqual(before);
    const { data } = await get<City[]>(
      `/api/admin/country/${colombia.id}/state/${antioquia.id}/cities`,
    );
    expect(data.map((city) => city.name)).toContain('Medellín');
  });
});
