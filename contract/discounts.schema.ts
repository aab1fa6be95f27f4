import { z } from 'zod';
import {
  clubIdParamsSchema,
  idSchema,
  type ListParams,
  listQuerySchema,
  listResponseSchema,
  optionalText,
  requiredText,
} from './common.schema';
import { positiveMoneySchema } from './money.schema';

/*
 * A club's discount catalogue (DOMAIN.md "Money", issue #12): a percentage of the base or
 * a fixed amount in minor units, linked to charges and to players ('Plan Hermanos' 15 %,
 * 'Beca' 100 %). Endpoints under /api/pla_club_teams/{id}/discounts (module permissions
 * payments.view / create / update / delete).
 */

/**
 * 'siblings' is a rule, not a flat discount (issue #34 item 2): on each charge it is linked
 * to, the generation orders each family's children the charge bills (players sharing an
 * authorised guardian, oldest first) and takes `value` % off the second child and
 * `third_value` % off the third and later. It needs no player links.
 */
export const discountKinds = ['percentage', 'fixed', 'siblings'] as const;
export type DiscountKind = (typeof discountKinds)[number];
export const discountKindLabels: Record<DiscountKind, string> = {
  percentage: 'Porcentaje',
  fixed: 'Valor fijo',
  siblings: 'Plan hermanos',
};

/** An inactive discount keeps its links and history but is not applied to new payments. */
export const discountStatuses = ['active', 'inactive'] as const;
export type DiscountStatus = (typeof discountStatuses)[number];

/** The fields the discounts grid sorts by. */
export const discountSortFields = ['name', 'kind', 'value', 'status', 'created_at'] as const;
export type DiscountSortField = (typeof discountSortFields)[number];

export const DISCOUNT_NAME_MAX = 80;
export const DISCOUNT_DESCRIPTION_MAX = 500;

export const discountMessages = {
  notFound: 'Descuento no encontrado',
  duplicateName: 'Ya existe un descuento con ese nombre',
  badKind: "El tipo debe ser 'percentage', 'fixed' o 'siblings'",
  badStatus: "El estado debe ser 'active' o 'inactive'",
  valueRequired: 'El valor es obligatorio',
  badValue: 'El valor debe ser un número',
  percentageRange: 'Un porcentaje va de 1 a 100',
  thirdRequired: 'El porcentaje del tercer hijo es obligatorio',
  thirdOnlySiblings: 'Solo un plan hermanos tiene porcentaje del tercer hijo',
  siblingsHaveNoPlayers:
    'Un plan hermanos se aplica a las familias por sus acudientes: no se asigna a jugadores',
  /** The refusal of deleting a discount something uses: the links are history. */
  inUse: (players: number, charges: number) => {
    const parts = [
      players > 0 && (players === 1 ? '1 jugador' : `${players} jugadores`),
      charges > 0 && (charges === 1 ? '1 cobro' : `${charges} cobros`),
    ].filter(Boolean);
    return `El descuento está asignado a ${parts.join(' y ')}. Desactívalo en lugar de eliminarlo.`;
  },
  /** The same refusal when the links are found only by the delete itself (a race). */
  linked: 'El descuento está asignado a jugadores o cobros. Desactívalo en lugar de eliminarlo.',
  notPlayers: (ids: number[]) =>
    `${ids.length === 1 ? 'Esta persona no es jugador' : 'Estas personas no son jugadores'} del club: ${ids.join(', ')}`,
  addAndRemove: 'Un jugador no puede estar a la vez en add y en remove',
} as const;

const fixedAmount = positiveMoneySchema('El valor');

/**
 * Why `value` does not fit `kind`, or undefined when it does: a percentage is a whole
 * number from 1 to 100, a fixed amount a positive number of minor units.
 */
export function discountValueProblem(kind: DiscountKind, value: number): string | undefined {
  if (kind !== 'fixed') {
    return Number.isInteger(value) && value >= 1 && value <= 100
      ? undefined
      : discountMessages.percentageRange;
  }
  const parsed = fixedAmount.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

const discountFields = {
  name: requiredText('El nombre', DISCOUNT_NAME_MAX),
  description: optionalText('La descripción', DISCOUNT_DESCRIPTION_MAX, { multiline: true }),
  kind: z.enum(discountKinds, { error: discountMessages.badKind }),
  /** Percentage points (1..100) or minor units, by `kind`. */
  value: z.number({
    error: (issue) =>
      issue.input === undefined ? discountMessages.valueRequired : discountMessages.badValue,
  }),
  status: z.enum(discountStatuses, { error: discountMessages.badStatus }),
  /** A sibling rule's percentage (1..100) off the third and later children; null otherwise. */
  third_value: z
    .number({ error: discountMessages.badValue })
    .int(discountMessages.percentageRange)
    .min(1, discountMessages.percentageRange)
    .max(100, discountMessages.percentageRange)
    .nullable(),
};

/**
 * Why `third_value` does not fit `kind`, or undefined when it does: a sibling rule needs
 * it, any other kind must not have it.
 */
export function discountThirdProblem(
  kind: DiscountKind,
  thirdValue: number | null | undefined,
): string | undefined {
  if (kind === 'siblings') return thirdValue == null ? discountMessages.thirdRequired : undefined;
  return thirdValue == null ? undefined : discountMessages.thirdOnlySiblings;
}

/** Refuses a value its kind does not take, on `value` (both must be in the body). */
const valueFitsKind = (
  input: {
    kind?: DiscountKind | undefined;
    value?: number | undefined;
    third_value?: number | null | undefined;
  },
  ctx: z.RefinementCtx,
) => {
  if (input.kind === undefined) return;
  if (input.value !== undefined) {
    const problem = discountValueProblem(input.kind, input.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  }
  if (input.third_value !== undefined || input.kind === 'siblings') {
    const problem = discountThirdProblem(input.kind, input.third_value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['third_value'], message: problem });
  }
};

/** `POST /api/pla_club_teams/{id}/discounts`: a new discount, active unless said. */
export const discountCreateSchema = z
  .object({
    ...discountFields,
    status: discountFields.status.default('active'),
    third_value: discountFields.third_value.optional(),
  })
  .superRefine(valueFitsKind);
export type DiscountCreate = z.output<typeof discountCreateSchema>;
export type DiscountCreateInput = z.input<typeof discountCreateSchema>;

/**
 * `PATCH /api/pla_club_teams/{id}/discounts/{discountId}`: any subset; null clears the
 * description. A kind or a value sent alone is checked against the stored other half.
 */
export const discountUpdateSchema = z.object(discountFields).partial().superRefine(valueFitsKind);
export type DiscountUpdate = z.output<typeof discountUpdateSchema>;
export type DiscountUpdateInput = z.input<typeof discountUpdateSchema>;

export const discountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(discountKinds),
  value: z.number().int(),
  /** A sibling rule's percentage off the third and later children (null for other kinds). */
  third_value: z.number().int().nullable().default(null),
  status: z.enum(discountStatuses),
  /** How many of the club's current players (Jugador members) have it. */
  player_count: z.number().int(),
  created_at: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

export const discountResponseSchema = z.object({ data: discountSchema });
export const discountListResponseSchema = listResponseSchema(discountSchema);
export type DiscountListResponse = z.infer<typeof discountListResponseSchema>;

/**
 * `GET /api/pla_club_teams/{id}/discounts`: the list contract (`q` over name and
 * description) plus the status, kind and player filters.
 */
export const discountListQuerySchema = listQuerySchema({
  sortable: discountSortFields,
  defaultSort: 'name',
  filters: {
    status: z.enum(discountStatuses, { error: discountMessages.badStatus }).optional(),
    kind: z.enum(discountKinds, { error: discountMessages.badKind }).optional(),
    /** Only the discounts this player holds (the player form's 'Descuentos'). */
    player_id: idSchema('El jugador').optional(),
  },
});
export type DiscountListQuery = z.output<typeof discountListQuerySchema>;
/** What the browser asks for: the list params plus the filters. */
export type DiscountListParams = ListParams<DiscountSortField> & {
  status?: DiscountStatus;
  kind?: DiscountKind;
  player_id?: number;
};

export const discountParamsSchema = clubIdParamsSchema.extend({
  discountId: idSchema('El identificador del descuento'),
});

/**
 * `PATCH …/discounts/{discountId}/players`: the players (Jugador members of the club, by
 * user id) who get and who lose the discount; the answer lists who actually changed.
 */
export const discountPlayersSchema = z.object({
  add: z
    .array(idSchema('El jugador'), { error: 'add debe ser una lista de ids' })
    .max(1000, 'Demasiados jugadores')
    .default([]),
  remove: z
    .array(idSchema('El jugador'), { error: 'remove debe ser una lista de ids' })
    .max(1000, 'Demasiados jugadores')
    .default([]),
});
export type DiscountPlayersInput = z.input<typeof discountPlayersSchema>;
export const discountPlayersResponseSchema = z.object({
  data: z.object({ added: z.array(z.number().int()), removed: z.array(z.number().int()) }),
});

/**
 * What a discount weighs in `discountedAmount`. A sibling rule weighs as the percentage it
 * applies to that child (`value` = that percentage, as `discounts_applied` keeps it).
 */
export type DiscountTerms = Pick<Discount, 'kind' | 'value'>;

/**
 * What `base` (minor units) costs after `discounts` (DOMAIN.md "Money"): base − every
 * fixed amount − every percentage of the base (each rounded down to whole minor units),
 * never below 0. `discount` is what was taken off, so `discount + due === base`.
 */
export function discountedAmount(
  base: number,
  discounts: readonly DiscountTerms[],
): { discount: number; due: number } {
  const off = discounts.reduce(
    (sum, { kind, value }) => sum + (kind === 'fixed' ? value : Math.floor((base * value) / 100)),
    0,
  );
  const discount = Math.min(base, Math.max(0, off));
  return { discount, due: base - discount };
}
