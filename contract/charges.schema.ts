import { z } from 'zod';
import {
  clubIdParamsSchema,
  idSchema,
  isRealIsoDate,
  type ListParams,
  listQuerySchema,
  listResponseSchema,
  requiredText,
  textSchema,
  wholeNumberSchema,
} from './common.schema';
import { moneySchema } from './money.schema';

/*
 * What a club bills (DOMAIN.md "Money" → Charge, issue #12): endpoints under
 * /api/pla_club_teams/{id}/charges behind payments.view / create / update / delete.
 * Amounts are integers in minor units (contract/money.schema.ts).
 */

export const chargeConcepts = ['training_fee', 'enrollment', 'uniform', 'event', 'other'] as const;
export type ChargeConcept = (typeof chargeConcepts)[number];
export const chargeConceptLabels: Record<ChargeConcept, string> = {
  training_fee: 'Mensualidad',
  enrollment: 'Inscripción',
  uniform: 'Uniforme',
  event: 'Evento',
  other: 'Otro',
};

/** Who a charge bills: every player, the players of some categories, or some players. */
export const chargeScopes = ['all', 'categories', 'players'] as const;
export type ChargeScope = (typeof chargeScopes)[number];

export const chargeStatuses = ['active', 'inactive'] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

export const chargeSortFields = [
  'name',
  'amount',
  'concept',
  'status',
  'created_at',
  'valid_from',
] as const;
export type ChargeSortField = (typeof chargeSortFields)[number];

export const CHARGE_NAME_MAX = 120;
const MAX_LINKS = 500;

export const chargeMessages = {
  notFound: 'Cobro no encontrado',
  duplicateName: 'Ya existe un cobro con ese nombre',
  badConcept: "El concepto debe ser 'training_fee', 'enrollment', 'uniform', 'event' u 'other'",
  badScope: "A quién aplica debe ser 'all', 'categories' o 'players'",
  badStatus: "El estado debe ser 'active' o 'inactive'",
  badDate: (label: string) => `${label} debe tener el formato AAAA-MM-DD y ser una fecha real`,
  dueDay: 'El día de pago va de 1 a 31',
  dueDateNeeded: 'Un cobro de pago único necesita la fecha de pago',
  validityBackwards: 'La vigencia termina antes de empezar',
  noFrequency: 'Esa frecuencia no existe',
  categoriesNeeded: 'Elige al menos una categoría',
  playersNeeded: 'Elige al menos un jugador',
  notCategories: 'Alguna de esas categorías no existe en el club',
  inactiveCategories: 'Alguna de esas categorías está inactiva',
  notPlayers: 'Alguna de esas personas no es jugador del club',
  notDiscounts: 'Alguno de esos descuentos no existe en el club',
  billedAndExcluded: 'Un jugador no puede estar a la vez incluido y excluido',
  reasonNeeded: 'Escribe el motivo del cambio de precio',
  hasPriceChanges:
    'Este cobro tiene cambios de precio registrados; desactívalo en lugar de borrarlo',
  hasPayments: 'Este cobro ya generó pagos; desactívalo en lugar de borrarlo',
} as const;

const isoDate = (label: string) =>
  textSchema(label).refine(isRealIsoDate, chargeMessages.badDate(label));

const ids = (label: string, field: string) =>
  z
    .array(idSchema(label), { error: `${field} debe ser una lista de ids` })
    .max(MAX_LINKS, `Demasiados elementos en ${field}`);

const chargeFields = {
  name: requiredText('El nombre', CHARGE_NAME_MAX),
  concept: z.enum(chargeConcepts, { error: chargeMessages.badConcept }),
  amount: moneySchema('El valor'),
  frequency_id: idSchema('La frecuencia'),
  /** Day of the month a recurring charge is due (clamped to the month's last day). */
  due_day: wholeNumberSchema(chargeMessages.dueDay)
    .pipe(z.number().min(1, chargeMessages.dueDay).max(31, chargeMessages.dueDay))
    .nullish(),
  /** The date a one-off charge is due. */
  due_date: isoDate('La fecha de pago').nullish(),
  valid_from: isoDate('El inicio de la vigencia'),
  valid_until: isoDate('El fin de la vigencia').nullish(),
  scope: z.enum(chargeScopes, { error: chargeMessages.badScope }),
  applies_to_new_players: z.boolean({ error: 'applies_to_new_players debe ser verdadero o falso' }),
  status: z.enum(chargeStatuses, { error: chargeMessages.badStatus }),
  /** Scope 'categories': the categories billed. */
  category_ids: ids('La categoría', 'category_ids'),
  /** Scope 'players': the players billed (user ids). */
  player_ids: ids('El jugador', 'player_ids'),
  /** Players never billed by this charge, whatever its scope. */
  excluded_player_ids: ids('El jugador', 'excluded_player_ids'),
  discount_ids: ids('El descuento', 'discount_ids'),
};

/** Refuses a validity that ends before it starts, on `valid_until`. */
const validityInOrder = (
  value: { valid_from?: string | undefined; valid_until?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  const { valid_from: from, valid_until: until } = value;
  if (from && until && until < from) {
    ctx.addIssue({
      code: 'custom',
      path: ['valid_until'],
      message: chargeMessages.validityBackwards,
    });
  }
};

/**
 * `POST …/charges`. The server also checks what needs the database: the frequency exists,
 * a one-off one has `due_date` and a recurring one `due_day`, the ids are the club's.
 */
export const chargeCreateSchema = z
  .object({
    ...chargeFields,
    scope: chargeFields.scope.default('all'),
    applies_to_new_players: chargeFields.applies_to_new_players.default(true),
    status: chargeFields.status.default('active'),
    category_ids: chargeFields.category_ids.default([]),
    player_ids: chargeFields.player_ids.default([]),
    excluded_player_ids: chargeFields.excluded_player_ids.default([]),
    discount_ids: chargeFields.discount_ids.default([]),
  })
  .superRefine(validityInOrder);
export type ChargeCreate = z.output<typeof chargeCreateSchema>;
export type ChargeCreateInput = z.input<typeof chargeCreateSchema>;

/**
 * `PATCH …/charges/{chargeId}`: any subset; a list sent replaces the stored one. A new
 * `amount` needs `price_change_reason` (recorded with who and when).
 */
export const chargeUpdateSchema = z
  .object({
    ...chargeFields,
    price_change_reason: requiredText('El motivo del cambio de precio', 500, {
      multiline: true,
    }).optional(),
  })
  .partial()
  .superRefine(validityInOrder);
export type ChargeUpdate = z.output<typeof chargeUpdateSchema>;
export type ChargeUpdateInput = z.input<typeof chargeUpdateSchema>;

/** `PATCH …/charges/{chargeId}/status`. */
export const chargeStatusSchema = z.object({ status: chargeFields.status });
export type ChargeStatusInput = z.input<typeof chargeStatusSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const chargeSchema = z.object({
  id: z.number().int(),
  club_id: z.number().int(),
  name: z.string(),
  concept: z.enum(chargeConcepts),
  amount: z.number().int(),
  frequency: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  due_day: z.number().int().nullable(),
  due_date: z.string().nullable(),
  valid_from: z.string(),
  valid_until: z.string().nullable(),
  scope: z.enum(chargeScopes),
  applies_to_new_players: z.boolean(),
  status: z.enum(chargeStatuses),
  category_ids: z.array(z.number().int()),
  /** The categories billed, by name. */
  categories: z.array(named),
  /** The players billed (scope 'players'). */
  player_ids: z.array(z.number().int()),
  players: z.array(named),
  excluded_player_ids: z.array(z.number().int()),
  excluded_players: z.array(named),
  discount_ids: z.array(z.number().int()),
  discounts: z.array(named),
  /** How many price changes are recorded. */
  price_changes: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Charge = z.infer<typeof chargeSchema>;

export const chargeResponseSchema = z.object({ data: chargeSchema });
export const chargeListResponseSchema = listResponseSchema(chargeSchema);
export type ChargeListResponse = z.infer<typeof chargeListResponseSchema>;

/** `GET …/charges`: the list contract (`q` over the name), filters status, concept, frequency. */
export const chargeListQuerySchema = listQuerySchema({
  sortable: chargeSortFields,
  defaultSort: 'name',
  filters: {
    status: z.enum(chargeStatuses, { error: chargeMessages.badStatus }).optional(),
    concept: z.enum(chargeConcepts, { error: chargeMessages.badConcept }).optional(),
    frequency_id: idSchema('La frecuencia').optional(),
  },
});
export type ChargeListQuery = z.output<typeof chargeListQuerySchema>;
export type ChargeListParams = ListParams<ChargeSortField> & {
  status?: ChargeStatus;
  concept?: ChargeConcept;
  frequency_id?: number;
};

export const chargeParamsSchema = clubIdParamsSchema.extend({
  chargeId: idSchema('El identificador del cobro'),
});
