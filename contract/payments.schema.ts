import { z } from 'zod';
import { chargeConcepts } from './charges.schema';
import {
  idSchema,
  type ListParams,
  listQuerySchema,
  listResponseSchema,
  textSchema,
} from './common.schema';

/*
 * What each player owes and what the club received (DOMAIN.md "Money" → Payment, issue
 * #12): GET /api/pla_club_teams/{id}/payments (the list contract) and GET …/payments/summary
 * (the header figures), behind payments.view. Amounts are integers in minor units
 * (contract/money.schema.ts); a period is 'YYYY-MM' (the month the billed period starts).
 */

export const paymentStatuses = [
  'pending',
  'partial',
  'in_review',
  'paid',
  'rejected',
  'cancelled',
  'exempt',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The same Spanish name of each status everywhere (chips, filters, CSV). */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pendiente',
  partial: 'Abono parcial',
  in_review: 'En revisión',
  paid: 'Pagado',
  rejected: 'Rechazado',
  cancelled: 'Anulado',
  exempt: 'Exonerado',
};

export const paymentSortFields = ['due_date', 'player', 'amount_due', 'status', 'period'] as const;
export type PaymentSortField = (typeof paymentSortFields)[number];

export const paymentMessages = {
  badPeriod: 'El periodo debe tener el formato AAAA-MM',
  badStatus: `El estado debe ser uno de: ${paymentStatuses.join(', ')}`,
  badOverdue: "Vencido debe ser 'true' o 'false'",
} as const;

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A period 'YYYY-MM' (year 2000 to 2999), as a query sends it. */
export const periodSchema = textSchema('El periodo', { typeError: paymentMessages.badPeriod })
  .refine((value) => PERIOD.test(value) && value >= '2000-01' && value < '3000-01', {
    message: paymentMessages.badPeriod,
  })
  .describe("Un mes 'AAAA-MM'");

const statusSchema = z.enum(paymentStatuses, { error: paymentMessages.badStatus });

/** `true`/`false` in a query string (also a JSON boolean). */
const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: paymentMessages.badOverdue })
  .transform((value) => value === true || value === 'true');

/**
 * `GET …/payments`: the list contract; `q` over the player's name, last name and
 * document; filters period, status, category (the one the payment was billed under), player, payment
 * method (a record with it, approved or in review) and overdue (pending, partial or
 * rejected past its due date, the club's today).
 */
export const paymentListQuerySchema = listQuerySchema({
  sortable: paymentSortFields,
  defaultSort: 'due_date',
  filters: {
    period: periodSchema.optional(),
    status: statusSchema.optional(),
    category_id: idSchema('La categoría').optional(),
    player_id: idSchema('El jugador').optional(),
    payment_method_id: idSchema('El medio de pago').optional(),
    overdue: queryBoolean.optional(),
  },
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;
export type PaymentListParams = ListParams<PaymentSortField> & {
  period?: string;
  status?: PaymentStatus;
  category_id?: number;
  player_id?: number;
  payment_method_id?: number;
  overdue?: boolean;
};

const appliedDiscountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['percentage', 'fixed', 'siblings']),
  /** Percentage points or minor units; for a sibling rule, the percentage this child got. */
  value: z.number(),
  amount: z.number().int(),
  /** Why a sibling rule applied ('2.º hijo: 15 %'); absent or null for the other kinds. */
  reason: z.string().nullish(),
});

/** One payment as the grid shows it. */
export const paymentSchema = z.object({
  id: z.number().int(),
  player: z.object({
    id: z.number().int(),
    name: z.string(),
    lastname: z.string(),
    document_number: z.string().nullable(),
  }),
  /** The player's current category (null without one). */
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  charge: z.object({ id: z.number().int(), name: z.string(), concept: z.enum(chargeConcepts) }),
  /** 'YYYY-MM': the month the billed period starts. */
  period: z.string(),
  covers_from: z.string(),
  covers_to: z.string(),
  due_date: z.string(),
  base_amount: z.number().int(),
  discount_amount: z.number().int(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  /** amount_due − amount_paid. */
  balance: z.number().int(),
  discounts_applied: z.array(appliedDiscountSchema),
  status: z.enum(paymentStatuses),
  /** Pending, partial or rejected with its due date before the club's today (never stored). */
  overdue: z.boolean(),
  /** Why it was cancelled or exempted, or why its last proof was rejected. */
  status_reason: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentListResponseSchema = listResponseSchema(paymentSchema);
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

/** `GET …/payments/summary`: the period (default: the club's current month). */
export const paymentSummaryQuerySchema = z.strictObject(
  { period: periodSchema.optional() },
  { error: 'Este parámetro no existe en el resumen' },
);
export type PaymentSummaryQuery = z.output<typeof paymentSummaryQuerySchema>;

const countAndAmount = z.object({ count: z.number().int(), amount: z.number().int() });

/** The header figures of Pagos, each from server/features/payments/money-figures.ts. */
export const paymentSummarySchema = z.object({
  period: z.string().describe("El mes 'AAAA-MM' de las cifras por periodo"),
  billed: z
    .number()
    .int()
    .describe('Facturado: suma del valor a pagar de los pagos del periodo, salvo los anulados'),
  collected: z
    .number()
    .int()
    .describe(
      'Recaudado: suma de los abonos aprobados en ese mes (fecha de aprobación, hora del club), sea cual sea el periodo que pagan',
    ),
  debt: z
    .number()
    .int()
    .describe(
      'Deuda: suma de los saldos (valor a pagar − pagado) de los pagos del periodo pendientes, con abono parcial, en revisión o rechazados',
    ),
  exempt: z
    .number()
    .int()
    .describe('Exonerado: suma de los saldos de los pagos exonerados del periodo'),
  in_review: countAndAmount.describe(
    'En revisión: cuántos abonos esperan revisión y su suma, de cualquier periodo',
  ),
  overdue: countAndAmount.describe(
    'Vencidos: cuántos pagos pendientes, con abono parcial o rechazados tienen la fecha de pago antes de hoy (hora del club) y su saldo, de cualquier periodo',
  ),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;
export const paymentSummaryResponseSchema = z.object({ data: paymentSummarySchema });
