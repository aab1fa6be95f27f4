import { z } from 'zod';
import {
  clubIdParamsSchema,
  idSchema,
  isRealIsoDate,
  type ListParams,
  listQuerySchema,
  listResponseSchema,
  optionalText,
  wholeNumberSchema,
} from './common.schema';
import {
  ADULT_AGE,
  ageOn,
  categoryRefSchema,
  documentRule,
  emailText,
  isoToday,
  personFields,
  personSchema,
  personStatuses,
  type PersonStatus,
  phoneText,
} from './people.schema';
import { photoConsentStateSchema } from './parents.schema';
import { personGenders, type PersonGender } from './profile.schema';

/*
 * A club's players (DOMAIN.md "Player"): every member holding the Jugador role, the person
 * plus the club's fields for them and, for a minor, a guardian's contact that the families
 * issue turns into a guardian account. `{playerId}` is the person's user id. Endpoints
 * under /api/pla_club_teams/{id}/players (players.view / create / update / delete); a
 * trainer reaches only the players of their categories.
 */

export const dominantFeet = ['right', 'left', 'both'] as const;
export const dominantFootLabels: Record<(typeof dominantFeet)[number], string> = {
  right: 'Derecho',
  left: 'Izquierdo',
  both: 'Ambidiestro',
};
export const paymentModalities = ['monthly', 'quarterly', 'semiannual'] as const;
export const paymentModalityLabels: Record<(typeof paymentModalities)[number], string> = {
  monthly: 'Mensual',
  quarterly: 'Trimestral',
  semiannual: 'Semestral',
};
export const bloodTypes = ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'] as const;
export const guardianRelationships = [
  'mother',
  'father',
  'grandparent',
  'sibling',
  'uncle_aunt',
  'tutor',
  'other',
] as const;
export const guardianRelationshipLabels: Record<(typeof guardianRelationships)[number], string> = {
  mother: 'Madre',
  father: 'Padre',
  grandparent: 'Abuelo(a)',
  sibling: 'Hermano(a)',
  uncle_aunt: 'Tío(a)',
  tutor: 'Tutor legal',
  other: 'Otro',
};

export const playerSortFields = ['name', 'birth_date', 'document_number', 'joined_at'] as const;
export type PlayerSortField = (typeof playerSortFields)[number];

export const playerMessages = {
  notFound: 'Jugador no encontrado',
  alreadyPlayer: 'Esa persona ya es jugador del club',
  categoryNotFound: 'La categoría no existe en este club',
  guardianRequired: 'Para un menor de edad indica el nombre y el teléfono del acudiente',
  jerseyTaken: 'Ese número de camiseta ya lo usa otro jugador de la categoría',
} as const;

const enumOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message }).nullish();

/** A player's health and emergency fields (also what an adult player fills in onboarding). */
export const playerHealthFields = {
  eps: optionalText('La EPS', 120),
  blood_type: enumOf(bloodTypes, 'El tipo de sangre no es válido'),
  allergies: optionalText('Las alergias', 1000, { multiline: true }),
  emergency_contact_name: optionalText('El contacto de emergencia', 255),
  emergency_contact_phone: phoneText('El teléfono de emergencia'),
};

/** The club's fields for a player and the guardian contact; null clears one. */
const clubFields = {
  category_id: idSchema('La categoría').nullish(),
  position: optionalText('La posición', 60),
  dominant_foot: enumOf(dominantFeet, "El pie dominante debe ser 'right', 'left' o 'both'"),
  jersey_number: wholeNumberSchema('El número de camiseta debe ser un número entero')
    .pipe(
      z
        .number()
        .min(0, 'El número de camiseta va de 0 a 999')
        .max(999, 'El número de camiseta va de 0 a 999'),
    )
    .nullish(),
  enrollment_date: optionalText('La fecha de inscripción', 10).refine(
    (value) => value == null || /^\d{4}-\d{2}-\d{2}$/.test(value),
    'La fecha de inscripción debe tener el formato AAAA-MM-DD',
  ),
  payment_modality: enumOf(paymentModalities, 'La modalidad de pago no es válida'),
  ...playerHealthFields,
  guardian_name: optionalText('El nombre del acudiente', 255),
  guardian_phone: phoneText('El teléfono del acudiente'),
  guardian_email: emailText('El correo del acudiente'),
  guardian_relationship: enumOf(guardianRelationships, 'El parentesco no es válido'),
};

/** A minor (by the browser's or server's today) needs a guardian's name and phone. */
const guardianForMinors = (
  value: { birth_date?: string; guardian_name?: string | null; guardian_phone?: string | null },
  ctx: z.RefinementCtx,
) => {
  const today = isoToday();
  // A future or malformed date is refused on birth_date alone, not as a minor's too.
  if (!value.birth_date || !isRealIsoDate(value.birth_date) || value.birth_date > today) return;
  if (ageOn(value.birth_date, today) >= ADULT_AGE) return;
  if (!value.guardian_name)
    ctx.addIssue({
      code: 'custom',
      path: ['guardian_name'],
      message: playerMessages.guardianRequired,
    });
  if (!value.guardian_phone)
    ctx.addIssue({
      code: 'custom',
      path: ['guardian_phone'],
      message: playerMessages.guardianRequired,
    });
};

/** `POST /api/pla_club_teams/{id}/players`: person + club fields + guardian, in one transaction. */
export const playerCreateSchema = z
  .object({ ...personFields, ...clubFields })
  .superRefine(documentRule)
  .superRefine(guardianForMinors);
export type PlayerCreate = z.output<typeof playerCreateSchema>;
export type PlayerCreateInput = z.input<typeof playerCreateSchema>;

const { link_existing: _link, ...editablePersonFields } = personFields;

/**
 * `PATCH /api/pla_club_teams/{id}/players/{playerId}`: any subset. Identity fields only
 * while the person has no account (422 otherwise); the server checks the guardian rule
 * against the stored birth date too.
 */
export const playerUpdateSchema = z
  .object({ ...editablePersonFields, ...clubFields })
  .partial()
  .superRefine(documentRule);
export type PlayerUpdate = z.output<typeof playerUpdateSchema>;
export type PlayerUpdateInput = z.input<typeof playerUpdateSchema>;

/**
 * A row of the players grid. Without `identity_editable`: the grid never locks a field,
 * the form reads the player's own answer (`playerDetailSchema`), and the rule is a lookup
 * per row that every page would pay for.
 */
export const playerSchema = personSchema.omit({ identity_editable: true }).extend({
  status: z.enum(personStatuses),
  category: categoryRefSchema.nullable(),
  position: z.string().nullable(),
  jersey_number: z.number().int().nullable(),
  enrollment_date: z.string().nullable(),
  guardian_name: z.string().nullable(),
  guardian_phone: z.string().nullable(),
  joined_at: z.string(),
  /** Where the families allow the player's photos in this club (issue #15); none: all false. */
  photo_consent: photoConsentStateSchema,
});
export type Player = z.infer<typeof playerSchema>;

/** One player with every field (the form), with whether the club may change their identity. */
export const playerDetailSchema = playerSchema.extend({
  identity_editable: personSchema.shape.identity_editable,
  dominant_foot: z.enum(dominantFeet).nullable(),
  payment_modality: z.enum(paymentModalities).nullable(),
  eps: z.string().nullable(),
  blood_type: z.enum(bloodTypes).nullable(),
  allergies: z.string().nullable(),
  emergency_contact_name: z.string().nullable(),
  emergency_contact_phone: z.string().nullable(),
  guardian_email: z.string().nullable(),
  guardian_relationship: z.enum(guardianRelationships).nullable(),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

export const playerResponseSchema = z.object({ data: playerDetailSchema });
export const playerListResponseSchema = listResponseSchema(playerSchema);
export type PlayerListResponse = z.infer<typeof playerListResponseSchema>;

/**
 * `GET …/players`: the list contract (`q` over name, lastname, document and guardian name)
 * plus filters. `categorySection` (spec §7) is the category whose section of the page is
 * shown: a category id, or 'none' for players without one.
 */
export const playerListQuerySchema = listQuerySchema({
  sortable: playerSortFields,
  defaultSort: 'name',
  filters: {
    categorySection: z
      .union([z.literal('none'), idSchema('La categoría')], {
        error: "categorySection debe ser el id de una categoría o 'none'",
      })
      .optional(),
    status: z
      .enum(personStatuses, { error: "El estado debe ser 'active' o 'inactive'" })
      .optional(),
    gender: z
      .enum(personGenders, { error: "El género debe ser 'female', 'male' u 'other'" })
      .optional(),
    birth_year: wholeNumberSchema('El año de nacimiento debe ser un número entero')
      .pipe(
        z
          .number()
          .min(1900, 'El año de nacimiento no es válido')
          .max(9999, 'El año de nacimiento no es válido'),
      )
      .optional(),
  },
});
export type PlayerListQuery = z.output<typeof playerListQuerySchema>;
export type PlayerListParams = ListParams<PlayerSortField> & {
  categorySection?: number | 'none';
  status?: PersonStatus;
  gender?: PersonGender;
  birth_year?: number;
};

export const playerParamsSchema = clubIdParamsSchema.extend({
  playerId: idSchema('El identificador del jugador'),
});
