import { z } from 'zod';
import {
  clubIdParamsSchema,
  idSchema,
  isRealIsoDate,
  type ListParams,
  listQuerySchema,
  listResponseSchema,
  optionalText,
  requiredText,
  textSchema,
  wholeNumberSchema,
} from './common.schema';
import { personGenderLabels, personGenders } from './profile.schema';

/*
 * A club's categories (DOMAIN.md, "Club and its set-up"): name, sport, gender, birth-year
 * range, status. Endpoints under /api/pla_club_teams/{id}/categories (module permissions
 * categories.view / create / update / delete) and
 * /api/pla_club_teams/{id}/categories-birthday/{birthday}/gender/{gender}.
 */

/** A category plays for men, women or both (the reference genders with for_categories). */
export const categoryGenders = ['male', 'female', 'mixed'] as const;
export type CategoryGender = (typeof categoryGenders)[number];
export const categoryGenderLabels: Record<CategoryGender, string> = {
  male: personGenderLabels.male,
  female: personGenderLabels.female,
  mixed: 'Mixto',
};

/** An inactive category stays with its history but is not proposed for new players. */
export const categoryStatuses = ['active', 'inactive'] as const;
export type CategoryStatus = (typeof categoryStatuses)[number];

/** The fields the categories grid sorts by. */
export const categorySortFields = ['name', 'birth_year_from'] as const;
export type CategorySortField = (typeof categorySortFields)[number];

export const CATEGORY_NAME_MAX = 80;
/** The earliest birth year a category may name. */
export const CATEGORY_MIN_YEAR = 1900;

export const categoryMessages = {
  notFound: 'Categoría no encontrada',
  duplicateName: 'Ya existe una categoría con ese nombre',
  yearsBackwards: 'El año inicial no puede ser posterior al año final',
  futureYear: 'El año no puede ser posterior al año actual',
  badGender: "El género debe ser 'male', 'female' o 'mixed'",
  badPersonGender: "El género debe ser 'female', 'male' u 'other'",
  badBirthday: 'La fecha de nacimiento debe tener el formato AAAA-MM-DD y ser una fecha real',
  futureBirthday: 'La fecha de nacimiento no puede ser futura',
  notTrainers: 'Alguna de esas personas no es entrenador del club',
  inCharge: (charge: string) =>
    `La categoría está en el cobro «${charge}». Quítala del cobro antes de eliminarla.`,
  hasPayments: (count: number) =>
    `La categoría tiene ${count === 1 ? '1 pago facturado' : `${count} pagos facturados`} y su historial se conserva. Desactívala en lugar de eliminarla.`,
  hasPlayers: (count: number) =>
    count === 1
      ? 'La categoría tiene 1 jugador. Muévelo a otra categoría antes de eliminarla.'
      : `La categoría tiene ${count} jugadores. Muévelos a otra categoría antes de eliminarla.`,
} as const;

const year = (label: string) =>
  wholeNumberSchema(`${label} debe ser un año (número entero)`).pipe(
    z
      .number()
      .min(CATEGORY_MIN_YEAR, `${label} no puede ser anterior a ${CATEGORY_MIN_YEAR}`)
      .max(9999, `${label} no es válido`),
  );

const categoryFields = {
  name: requiredText('El nombre', CATEGORY_NAME_MAX),
  sport: optionalText('El deporte', 80),
  gender: z.enum(categoryGenders, { error: categoryMessages.badGender }),
  birth_year_from: year('El año inicial'),
  /** No end year (null) = open: every later birth year fits. */
  birth_year_to: year('El año final').nullish(),
  status: z.enum(categoryStatuses, { error: "El estado debe ser 'active' o 'inactive'" }),
  /** The category's trainers become exactly these people (trainers of the club), by user id. */
  trainer_ids: z
    .array(idSchema('El entrenador'), { error: 'trainer_ids debe ser una lista de entrenadores' })
    .max(50, 'Demasiados entrenadores'),
};

/** Refuses an end year before the start year, on `birth_year_to`. */
const yearsInOrder = (
  value: { birth_year_from?: number | undefined; birth_year_to?: number | null | undefined },
  ctx: z.RefinementCtx,
) => {
  const { birth_year_from: from, birth_year_to: to } = value;
  if (from !== undefined && to !== undefined && to !== null && from > to) {
    ctx.addIssue({
      code: 'custom',
      path: ['birth_year_to'],
      message: categoryMessages.yearsBackwards,
    });
  }
};

/**
 * `POST /api/pla_club_teams/{id}/categories`. The server also refuses a year after the
 * current one (its own clock), on the field.
 */
export const categoryCreateSchema = z
  .object({
    ...categoryFields,
    status: categoryFields.status.default('active'),
    trainer_ids: categoryFields.trainer_ids.optional(),
  })
  .superRefine(yearsInOrder);
export type CategoryCreate = z.output<typeof categoryCreateSchema>;
export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;

/**
 * `PATCH /api/pla_club_teams/{id}/categories/{categoryId}`: any subset; null clears the
 * sport or opens the range. The server checks the years against the stored ones too.
 */
export const categoryUpdateSchema = z.object(categoryFields).partial().superRefine(yearsInOrder);
export type CategoryUpdate = z.output<typeof categoryUpdateSchema>;
export type CategoryUpdateInput = z.input<typeof categoryUpdateSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  club_id: z.number().int(),
  name: z.string(),
  sport: z.string().nullable(),
  gender: z.enum(categoryGenders),
  birth_year_from: z.number().int(),
  birth_year_to: z.number().int().nullable(),
  status: z.enum(categoryStatuses),
  /** Its trainers (user id and full name), by name. */
  trainers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** How many of the club's current players are in it. */
  player_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryResponseSchema = z.object({ data: categorySchema });
export const categoryListResponseSchema = listResponseSchema(categorySchema);
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;

/**
 * `GET /api/pla_club_teams/{id}/categories`: the list contract (`q` over name and sport)
 * plus the gender and status filters.
 */
export const categoryListQuerySchema = listQuerySchema({
  sortable: categorySortFields,
  defaultSort: 'birth_year_from',
  filters: {
    gender: z.enum(categoryGenders, { error: categoryMessages.badGender }).optional(),
    status: z
      .enum(categoryStatuses, { error: "El estado debe ser 'active' o 'inactive'" })
      .optional(),
  },
});
export type CategoryListQuery = z.output<typeof categoryListQuerySchema>;
/** What the browser asks for: the list params plus the filters. */
export type CategoryListParams = ListParams<CategorySortField> & {
  gender?: CategoryGender;
  status?: CategoryStatus;
};

export const categoryParamsSchema = clubIdParamsSchema.extend({
  categoryId: idSchema('El identificador de la categoría'),
});

/**
 * `GET /api/pla_club_teams/{id}/categories-birthday/{birthday}/gender/{gender}`: a
 * player's birth date and gender (a person's: female, male, other).
 */
export const categoryFitParamsSchema = clubIdParamsSchema.extend({
  birthday: textSchema('La fecha de nacimiento').refine(
    isRealIsoDate,
    categoryMessages.badBirthday,
  ),
  gender: z.enum(personGenders, { error: categoryMessages.badPersonGender }),
});

export const categoryFitResponseSchema = z.object({ data: z.array(categorySchema) });

/**
 * `PATCH …/categories/{categoryId}/trainers` and `…/players`: who joins and who leaves the
 * category, by person id; the answer lists who actually changed (ids already in, or not
 * in, are left out). A player joining leaves their previous category.
 */
export const categoryAssignmentSchema = z.object({
  add: z
    .array(idSchema('La persona'), { error: 'add debe ser una lista de ids' })
    .max(1000, 'Demasiadas personas')
    .default([]),
  remove: z
    .array(idSchema('La persona'), { error: 'remove debe ser una lista de ids' })
    .max(1000, 'Demasiadas personas')
    .default([]),
});
export type CategoryAssignment = z.input<typeof categoryAssignmentSchema>;
export const categoryAssignmentResponseSchema = z.object({
  data: z.object({ added: z.array(z.number().int()), removed: z.array(z.number().int()) }),
});
