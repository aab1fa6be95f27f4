import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { isRealIsoDate } from '../../../contract/common.schema';
import { ADULT_AGE, ageOn, isoToday } from '../../../contract/people.schema';
import {
  playerCreateSchema,
  playerMessages,
  playerUpdateSchema,
  type PlayerDetail,
} from '../../../contract/players.schema';
import type { PersonDocumentType, PersonGender } from '../../../contract/profile.schema';
import type { PlayerFormValues } from '../../machines/players.actors';

/**
 * What the player form edits: text as typed ('' for empty), dates as `YYYY-MM-DD` ('' when
 * none). The resolver turns it into the contract's fields and checks them with the
 * contract's schema (the same Spanish words as the server).
 */
export type PlayerFormFields = {
  name: string;
  lastname: string;
  birth_date: string;
  gender: PersonGender | '';
  phone: string;
  email: string;
  document_type: PersonDocumentType | '';
  document_number: string;
  link_existing: boolean;
  category_id: string;
  guardian_name: string;
  guardian_phone: string;
  guardian_email: string;
  guardian_relationship: string;
  position: string;
  dominant_foot: string;
  jersey_number: string;
  enrollment_date: string;
  payment_modality: string;
  eps: string;
  blood_type: string;
  allergies: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
};

/** The person's own fields: only they change them once they have an account. */
export const IDENTITY_FIELDS = [
  'name',
  'lastname',
  'birth_date',
  'gender',
  'phone',
  'email',
  'document_type',
  'document_number',
] as const satisfies ReadonlyArray<keyof PlayerFormFields>;

/** The fields the server may refuse by name; its messages go under them. */
export const PLAYER_FORM_FIELDS = [
  ...IDENTITY_FIELDS,
  'category_id',
  'guardian_name',
  'guardian_phone',
  'guardian_email',
  'guardian_relationship',
  'position',
  'dominant_foot',
  'jersey_number',
  'enrollment_date',
  'payment_modality',
  'eps',
  'blood_type',
  'allergies',
  'emergency_contact_name',
  'emergency_contact_phone',
] as const satisfies ReadonlyArray<keyof PlayerFormFields>;

/** A new player: enrolled today, everything else empty. */
export const emptyPlayerFields = (): PlayerFormFields => ({
  name: '',
  lastname: '',
  birth_date: '',
  gender: '',
  phone: '',
  email: '',
  document_type: '',
  document_number: '',
  link_existing: false,
  category_id: '',
  guardian_name: '',
  guardian_phone: '',
  guardian_email: '',
  guardian_relationship: '',
  position: '',
  dominant_foot: '',
  jersey_number: '',
  enrollment_date: isoToday(),
  payment_modality: '',
  eps: '',
  blood_type: '',
  allergies: '',
  emergency_contact_name: '',
  emergency_contact_phone: '',
});

/** A stored player as the form shows it (null fields empty). */
export function playerFieldsOf(player: PlayerDetail): PlayerFormFields {
  const fields = emptyPlayerFields();
  fields.enrollment_date = '';
  for (const name of PLAYER_FORM_FIELDS) {
    if (name === 'category_id') continue;
    const value = player[name];
    if (value !== null && value !== undefined) Object.assign(fields, { [name]: String(value) });
  }
  fields.category_id = player.category ? String(player.category.id) : '';
  return fields;
}

/**
 * Under 18 on today's date: the guardian's section shows and is required. A future or
 * unreal date is refused on its own field, not taken for a minor (as the contract).
 */
export function isMinorOn(birthDate: string): boolean {
  const today = isoToday();
  return isRealIsoDate(birthDate) && birthDate <= today && ageOn(birthDate, today) < ADULT_AGE;
}

/** Fields the contract reads as "missing" when empty, rather than as an empty text. */
const REQUIRED_CHOICES = ['birth_date', 'gender', 'document_type'] as const;
/** Choices and numbers whose '' means none (null). */
const OPTIONAL_CHOICES = [
  'category_id',
  'jersey_number',
  'dominant_foot',
  'payment_modality',
  'blood_type',
  'guardian_relationship',
] as const;

/**
 * The request the form's fields make: '' becomes "missing" or null as the contract reads
 * it; an edit of a person with an account leaves out their own fields (the server refuses
 * them with 422), and an edit never sends `link_existing`.
 */
export function requestOf(fields: PlayerFormFields, mode: FormMode): Record<string, unknown> {
  const request: Record<string, unknown> = { ...fields };
  for (const name of REQUIRED_CHOICES) if (fields[name] === '') delete request[name];
  for (const name of OPTIONAL_CHOICES) if (fields[name] === '') request[name] = null;
  if (mode !== 'create') delete request.link_existing;
  if (mode === 'editAccount') for (const name of IDENTITY_FIELDS) delete request[name];
  return request;
}

/** Creating, editing a person without an account, or one with an account. */
export type FormMode = 'create' | 'edit' | 'editAccount';

/** An edit keeps the guardian rule the create schema has (the server checks it too). */
const updateWithGuardian = playerUpdateSchema.superRefine((value, ctx) => {
  if (!value.birth_date || !isMinorOn(value.birth_date)) return;
  for (const path of ['guardian_name', 'guardian_phone'] as const) {
    if (!value[path])
      ctx.addIssue({ code: 'custom', path: [path], message: playerMessages.guardianRequired });
  }
});

/** The contract's schema over the form's request (create, or update when editing). */
export function playerResolverFor(
  mode: FormMode,
): Resolver<PlayerFormFields, unknown, PlayerFormValues> {
  const schema: z.ZodType = mode === 'create' ? playerCreateSchema : updateWithGuardian;
  const resolve = zodResolver(schema as never) as unknown as Resolver<
    PlayerFormFields,
    unknown,
    PlayerFormValues
  >;
  return (values, context, options) =>
    resolve(requestOf(values, mode) as unknown as PlayerFormFields, context, options);
}
