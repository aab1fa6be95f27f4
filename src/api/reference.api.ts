import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { authClient, describeFailures } from './http';

/*
 * Reference data (SPEC.md §7): sports, countries, their states and cities. Parsed with a
 * minimal local schema (only what the forms read) until contract/reference.schema.ts lands.
 */

const sportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().optional(),
});
const countrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  iso2: z.string(),
});
const stateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().optional(),
});
const citySchema = z.object({ id: z.number().int(), name: z.string() });

export type Sport = z.infer<typeof sportSchema>;
export type Country = z.infer<typeof countrySchema>;
export type CountryState = z.infer<typeof stateSchema>;
export type City = z.infer<typeof citySchema>;

const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** `GET /api/admin/sports`. */
export const listSports = (): Promise<Sport[]> =>
  describeFailures(async () => listOf(sportSchema).parse(await authClient('/admin/sports')).data);

/** `GET /api/admin/countries`. */
export const listCountries = (): Promise<Country[]> =>
  describeFailures(
    async () => listOf(countrySchema).parse(await authClient('/admin/countries')).data,
  );

/** `GET /api/admin/country/{id}/states`. */
export const listStates = (countryId: number): Promise<CountryState[]> =>
  describeFailures(
    async () =>
      listOf(stateSchema).parse(await authClient(`/admin/country/${countryId}/states`)).data,
  );

/** `GET /api/admin/country/{id}/state/{stateId}/cities`. */
export const listCities = (countryId: number, stateId: number): Promise<City[]> =>
  describeFailures(
    async () =>
      listOf(citySchema).parse(
        await authClient(`/admin/country/${countryId}/state/${stateId}/cities`),
      ).data,
  );

/** Reference data changes with a deploy, not while a page is open. */
const forever = { staleTime: Infinity, gcTime: Infinity } as const;

export const useSports = () =>
  useQuery({ queryKey: ['reference', 'sports'], queryFn: listSports, ...forever });

export const useCountries = () =>
  useQuery({ queryKey: ['reference', 'countries'], queryFn: listCountries, ...forever });

/** The states of a country; not sent until a country is chosen. */
export const useStates = (countryId: number | null) =>
  useQuery({
    queryKey: ['reference', 'states', countryId],
    queryFn: () => listStates(countryId!),
    enabled: countryId !== null,
    ...forever,
  });

/** The cities of a state; not sent until a state is chosen. */
export const useCities = (countryId: number | null, stateId: number | null) =>
  useQuery({
    queryKey: ['reference', 'cities', countryId, stateId],
    queryFn: () => listCities(countryId!, stateId!),
    enabled: countryId !== null && stateId !== null,
    ...forever,
  });
