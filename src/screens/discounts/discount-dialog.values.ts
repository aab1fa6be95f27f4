import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import {
  type Discount,
  type DiscountCreate,
  type DiscountKind,
  type DiscountStatus,
  discountCreateSchema,
  discountUpdateSchema,
} from '../../../contract/discounts.schema';

/*
 * The discount dialog's inputs and how the contract reads them (the view is in
 * discount-dialog.tsx).
 */

export const FIELDS = ['name', 'description', 'kind', 'value', 'third_value', 'status'] as const;

/** What the inputs hold: a percentage as typed, a fixed amount in minor units (MoneyField). */
export interface FormInput {
  name: string;
  description: string;
  kind: DiscountKind;
  value: string | number | null;
  /** A sibling rule's percentage off the third and later children, as typed. */
  third_value: string;
  status: DiscountStatus;
}

/** The value as the contract reads it: a typed percentage becomes a number, empty is missing. */
const toBody = (values: FormInput) => {
  const { value } = values;
  const text = typeof value === 'string' ? value.trim() : value;
  const third = values.third_value.trim();
  return {
    ...values,
    value: text === '' || text === null ? undefined : Number(text),
    third_value: values.kind !== 'siblings' || third === '' ? null : Number(third),
  };
};

/** The contract's schema over the inputs (create, or update when editing). */
export const resolverFor = (editing: boolean): Resolver<FormInput, unknown, DiscountCreate> => {
  const resolve = (editing
    ? zodResolver(discountUpdateSchema)
    : zodResolver(discountCreateSchema)) as unknown as Resolver<FormInput, unknown, DiscountCreate>;
  return (values, context, options) =>
    resolve(toBody(values) as unknown as FormInput, context, options);
};

export const emptyValue = (kind: DiscountKind) => (kind === 'fixed' ? null : '');

export const toInput = (discount: Discount | null): FormInput => ({
  name: discount?.name ?? '',
  description: discount?.description ?? '',
  kind: discount?.kind ?? 'percentage',
  value: discount ? (discount.kind === 'fixed' ? discount.value : String(discount.value)) : '',
  third_value: discount?.third_value == null ? '' : String(discount.third_value),
  status: discount?.status ?? 'active',
});
