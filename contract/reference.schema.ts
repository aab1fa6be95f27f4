import { z } from 'zod';
import { idParamsSchema } from './common.schema';

/*
 * Reference data every form needs (SPEC.md §7, "Reference"; DOMAIN.md, "Reference data"):
 * read-only for any signed-in user, each list sorted by its Spanish name.
 */

export const referenceMessages = {
  countryNotFound: 'País no encontrado',
  stateNotFound: 'Departamento no encontrado',
} as const;

const id = z.number().int();

export const sportSchema = z.object({ id, code: z.string(), name: z.string() });
export type Sport = z.infer<typeof sportSchema>;

/** A charge's frequency; `months` is null for a one-off payment ('Pago único'). */
export const frequencySchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  months: z.number().int().nullable(),
});
export type Frequency = z.infer<typeof frequencySchema>;

/** People use female/male/other; categories female/male/mixed. */
export const genderSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  for_people: z.boolean(),
  for_categories: z.boolean(),
});
export type Gender = z.infer<typeof genderSchema>;

export const genderUses = ['people', 'categories'] as const;
export type GenderUse = (typeof genderUses)[number];

export const genderListQuerySchema = z.object({
  for: z.enum(genderUses, { error: "El filtro debe ser 'people' o 'categories'" }).optional(),
});
export type GenderListQuery = z.infer<typeof genderListQuerySchema>;

/** A country; a club's currency (amounts in minor units) and timezone come from it. */
export const countrySchema = z.object({
  id,
  iso2: z.string(),
  name: z.string(),
  phone_code: z.string(),
  currency: z.string(),
  currency_decimals: z.number().int(),
  timezone: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

/** An identity document of a country; `for_people` false is a club's (Colombia: NIT). */
export const documentTypeSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  for_people: z.boolean(),
});
export type CountryDocumentType = z.infer<typeof documentTypeSchema>;

export const paymentMethodSchema = z.object({ id, code: z.string(), name: z.string() });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const countryDetailSchema = countrySchema.extend({
  document_types: z.array(documentTypeSchema),
  payment_methods: z.array(paymentMethodSchema),
});
export type CountryDetail = z.infer<typeof countryDetailSchema>;

/** A first-level division: departamento in Colombia, provincia, estado or región elsewhere. */
export const stateSchema = z.object({ id, country_id: id, code: z.string(), name: z.string() });
export type CountryState = z.infer<typeof stateSchema>;

export const citySchema = z.object({ id, state_id: id, name: z.string() });
export type City = z.infer<typeof citySchema>;

/** `/country/:id` and `/country/:id/states`. */
export const countryParamsSchema = idParamsSchema;
/** `/country/:id/state/:stateId/cities`. */
export const stateParamsSchema = idParamsSchema.extend({ stateId: idParamsSchema.shape.id });

const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

export const sportListResponseSchema = listOf(sportSchema);
export const frequencyListResponseSchema = listOf(frequencySchema);
export const genderListResponseSchema = listOf(genderSchema);
export const countryListResponseSchema = listOf(countrySchema);
export const countryResponseSchema = z.object({ data: countryDetailSchema });
export const stateListResponseSchema = listOf(stateSchema);
export const cityListResponseSchema = listOf(citySchema);
