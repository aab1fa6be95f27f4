import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  type Charge,
  type ChargeConcept,
  type ChargeScope,
  type ChargeStatus,
  chargeCreateSchema,
  chargeMessages,
  chargeUpdateSchema,
} from '../../../contract/charges.schema';
import { isoToday } from '../../../contract/people.schema';
import type { ChargeValues } from '../../machines/charges.actors';

/*
 * The charge dialog's inputs and how they become the contract's values: amounts in minor
 * units (MoneyField), dates as ISO days, people as {id, label} options shown by name.
 */

export interface PersonOption {
  id: number;
  label: string;
}

export interface ChargeFormInput {
  name: string;
  concept: ChargeConcept;
  amount: number | null;
  frequency_id: number | '';
  due_day: string;
  due_date: string;
  valid_from: string;
  valid_until: string;
  scope: ChargeScope;
  applies_to_new_players: boolean;
  status: ChargeStatus;
  category_ids: number[];
  player_ids: PersonOption[];
  excluded_player_ids: PersonOption[];
  discount_ids: number[];
  price_change_reason: string;
}

const options = (people: { id: number; name: string }[]) =>
  people.map(({ id, name }) => ({ id, label: name }));

export const toInput = (charge: Charge | null): ChargeFormInput => ({
  name: charge?.name ?? '',
  concept: charge?.concept ?? 'training_fee',
  amount: charge?.amount ?? null,
  frequency_id: charge?.frequency.id ?? '',
  due_day: charge?.due_day == null ? '' : String(charge.due_day),
  due_date: charge?.due_date ?? '',
  // The club's today: the UTC date is already tomorrow on a Bogotá evening.
  valid_from: charge?.valid_from ?? isoToday(),
  valid_until: charge?.valid_until ?? '',
  scope: charge?.scope ?? 'all',
  applies_to_new_players: charge?.applies_to_new_players ?? true,
  status: charge?.status ?? 'active',
  category_ids: charge?.category_ids ?? [],
  player_ids: options(charge?.players ?? []),
  excluded_player_ids: options(charge?.excluded_players ?? []),
  discount_ids: charge?.discount_ids ?? [],
  price_change_reason: '',
});

/** Whether an edit changes the price (and so needs a reason). */
export const priceChanged = (charge: Charge | null, amount: number | null) =>
  charge !== null && amount !== null && amount !== charge.amount;

/** The values the API gets: only the due field the frequency uses is filled in. */
export function toValues(input: ChargeFormInput, charge: Charge | null, oneOff: boolean) {
  const values: ChargeValues = {
    name: input.name,
    concept: input.concept,
    amount: input.amount as number,
    frequency_id: input.frequency_id as number,
    due_day: oneOff || input.due_day.trim() === '' ? null : input.due_day.trim(),
    due_date: oneOff && input.due_date ? input.due_date : null,
    valid_from: input.valid_from,
    valid_until: input.valid_until || null,
    scope: input.scope,
    applies_to_new_players: input.applies_to_new_players,
    status: input.status,
    category_ids: input.scope === 'categories' ? input.category_ids : [],
    player_ids: input.scope === 'players' ? input.player_ids.map((each) => each.id) : [],
    excluded_player_ids: input.excluded_player_ids.map((each) => each.id),
    discount_ids: input.discount_ids,
  };
  if (priceChanged(charge, input.amount)) values.price_change_reason = input.price_change_reason;
  return values;
}

const messages: Partial<Record<string, string>> = {
  amount: 'Escribe el valor del cobro',
  frequency_id: 'Elige la frecuencia',
};

/**
 * The contract's schema over the values (create, or update when editing), each issue on
 * its input; a changed amount without a reason is refused here as the server would.
 */
export const resolverFor = (
  charge: Charge | null,
  isOneOff: (frequencyId: number | '') => boolean,
) =>
  ((input) => {
    const values = toValues(input, charge, isOneOff(input.frequency_id));
    const schema = charge ? chargeUpdateSchema : chargeCreateSchema;
    const parsed = schema.safeParse(values);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const path = String(issue.path[0] ?? 'name');
      errors[path] ??= { type: 'validate', message: messages[path] ?? issue.message };
    }
    if (priceChanged(charge, input.amount) && !input.price_change_reason.trim())
      errors.price_change_reason = { type: 'required', message: chargeMessages.reasonNeeded };
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<ChargeFormInput> }
      : { values, errors: {} };
  }) as Resolver<ChargeFormInput, unknown, ChargeValues>;
