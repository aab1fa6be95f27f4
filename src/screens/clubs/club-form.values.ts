import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import {
  clubCreateSchema,
  clubUpdateSchema,
  DEFAULT_COUNTRY,
  type Club,
} from '../../../contract/clubs.schema';
import { CLUB_FORM_FIELDS, type ClubFormFields } from './club-form-fields';

/** A new club: Colombia, a January–December season, everything else empty. */
export const emptyClubFields: ClubFormFields = {
  name: '',
  description: '',
  sport: '',
  country: DEFAULT_COUNTRY,
  state: '',
  city: '',
  address: '',
  nit: '',
  phone: '',
  email: '',
  color: '',
  season_start_month: 1,
  season_end_month: 12,
};

/** An existing club as the form shows it (null fields empty). */
export const clubFieldsOf = (club: Club): ClubFormFields => {
  const fields = { ...emptyClubFields };
  for (const name of CLUB_FORM_FIELDS) {
    const value = club[name];
    if (value !== null) Object.assign(fields, { [name]: value });
  }
  return fields;
};

/**
 * The contract's schema checks the form (the same Spanish words as the server); an empty
 * colour means "no colour" (null), which the schema's #RRGGBB rule would refuse as ''.
 */
export const clubResolverFor = (editing: boolean): Resolver<ClubFormFields> => {
  const base = zodResolver(
    editing ? clubUpdateSchema : clubCreateSchema,
  ) as unknown as Resolver<ClubFormFields>;
  return (values, context, options) =>
    base({ ...values, color: values.color.trim() || (null as never) }, context, options);
};
