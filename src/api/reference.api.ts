import { useQuery } from '@tanstack/react-query';
import {
  cityListResponseSchema,
  countryListResponseSchema,
  sportListResponseSchema,
  stateListResponseSchema,
  type Sport,
} from '../../contract/reference.schema';
import type { z } from 'zod';
import { authClient, describeFailures } from './http';

/*
 * Reference data (SPEC.md §7): sports, countries, their states and cities, parsed with
 * contract/reference.schema.ts.
 */

export type { Sport };
export type Country = z.infer<typeof countryListResponseSchema>['data'][number];
export type CountryState = z.infer<typeof stateListResponseSchema>['data'][number];
export type City = z.infer<typeof cityListResponseSchema>['data'][number];

/** `GET /api/admin/sports`. */
export const listSports = (): Promise<Sport[]> =>
  describeFailures(
    async () => sportListResponseSchema.parse(await authClient('/admin/sports')).data,
  );

/** `GET /api/admin/countries`. */
export const listCountries = (): Promise<Country[]> =>
  describeFailures(
    async () => countryListResponseSchema.parse(await authClient('/admin/countries')).data,
  );

/** `GET /api/admin/country/{id}/states`. */
export const listStates = (countryId: number): Promise<CountryState[]> =>
  describeFailures(
    async () =>
      stateListResponseSchema.parse(await authClient(`/admin/country/${countryId}/states`)).data,
  );

/** `GET /api/admin/country/{id}/state/{stateId}/cities`. */
export const listCities = (countryId: number, stateId: number): Promise<City[]> =>
  describeFailures(
    async () =>
      cityListResponseSchema.parse(
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
