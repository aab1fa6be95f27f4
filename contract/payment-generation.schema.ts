import { z } from 'zod';
import { textSchema } from './common.schema';

/*
 * Generating a period's payments (DOMAIN.md "Generating payments", issue #12 item 4):
 * POST /api/pla_club_teams/{id}/payments/generation/preview counts what a run would
 * create without writing; POST …/payments/generation creates it (payments.update). Both
 * are idempotent: a payment exists once per player × charge × period.
 */

/** How far ahead of the club's current month a period may be generated. */
export const MAX_MONTHS_AHEAD = 12;

export const paymentGenerationMessages = {
  badPeriod: 'El periodo debe ser AAAA-MM',
  tooFarAhead: `El periodo no puede estar a más de ${MAX_MONTHS_AHEAD} meses en el futuro`,
} as const;

/** `YYYY-MM`, years 1000..2999 (a date PostgreSQL takes), months 01..12. */
export const PERIOD_PATTERN = /^[12]\d{3}-(0[1-9]|1[0-2])$/;

/** The body of both endpoints: the month to bill. */
export const paymentGenerationRequestSchema = z.object({
  period: textSchema('El periodo', { typeError: paymentGenerationMessages.badPeriod }).regex(
    PERIOD_PATTERN,
    paymentGenerationMessages.badPeriod,
  ),
});
export type PaymentGenerationRequest = z.infer<typeof paymentGenerationRequestSchema>;

const chargeRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** One charge billing the period, as the preview counts it. */
export const generationPreviewChargeSchema = z.object({
  charge: chargeRefSchema,
  /** Players in its scope who have no payment of it for the period yet. */
  to_create: z.number().int(),
  /** Payments of it for the period that already exist. */
  existing: z.number().int(),
  /** Current, active players of its scope left out by the charge's exclusions. */
  skipped_excluded: z.number().int(),
  /**
   * The discounts the payments to create get, by name: on how many payments and how much
   * in all (minor units). A sibling rule counts the children it reaches.
   */
  discounts: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        payments: z.number().int(),
        amount: z.number().int(),
      }),
    )
    .default([]),
});

/**
 * The preview's answer. `non_billing_month` is true when the month is one of the club's
 * months without billing: no charge bills it and `charges` is empty.
 */
export const paymentGenerationPreviewSchema = z.object({
  period: z.string(),
  non_billing_month: z.boolean(),
  charges: z.array(generationPreviewChargeSchema),
  to_create_total: z.number().int(),
});
export type PaymentGenerationPreview = z.infer<typeof paymentGenerationPreviewSchema>;

/** What a run created, per charge billing the period (0 when everything existed). */
export const paymentGenerationResultSchema = z.object({
  period: z.string(),
  non_billing_month: z.boolean(),
  created_total: z.number().int(),
  charges: z.array(z.object({ charge: chargeRefSchema, created: z.number().int() })),
});
export type PaymentGenerationResult = z.infer<typeof paymentGenerationResultSchema>;
