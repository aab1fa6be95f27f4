import { z } from 'zod';
import { optionalText, requiredText, textSchema } from './common.schema';
import { imageUrlSchema } from './image-url.schema';

/** A club is active or archived; archiving replaces deleting (DOMAIN.md, "Club"). */
export const clubStatuses = ['active', 'archived'] as const;
export type ClubStatus = (typeof clubStatuses)[number];

export const CLUB_NAME_MAX = 120;

/**
 * What the server derives from the club's country. Only Colombia is known for now; a
 * club without a country, or with one not listed, gets the Colombian values (the
 * product is Colombian). The reference-data issue replaces this with the countries table.
 */
export const countryDefaults: Record<string, { timezone: string; currency: string }> = {
  CO: { timezone: 'America/Bogota', currency: 'COP' },
};
export const DEFAULT_COUNTRY = 'CO';

/** The timezone and currency a club in `country` works in (see `countryDefaults`). */
export function derivedFromCountry(country: string | null | undefined): {
  timezone: string;
  currency: string;
} {
  return countryDefaults[country ?? DEFAULT_COUNTRY] ?? countryDefaults[DEFAULT_COUNTRY]!;
}

const month = (label: string) =>
  z
    .number({ error: `${label} debe ser un número de mes` })
    .int(`${label} debe ser un número entero`)
    .min(1, `${label} debe estar entre 1 y 12`)
    .max(12, `${label} debe estar entre 1 y 12`);

const clubFields = {
  name: requiredText('El nombre del club', CLUB_NAME_MAX),
  description: optionalText('La descripción', 1000, { multiline: true }),
  sport: optionalText('El deporte', 80),
  country: textSchema('El país', { typeError: 'El país debe ser un texto' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'El país debe ser un código de 2 letras (por ejemplo, CO)')
    .nullish(),
  state: optionalText('El departamento', 80),
  city: optionalText('La ciudad', 80),
  address: optionalText('La dirección', 255),
  /** The club's NIT with its check digit, as the club writes it: '900.123.456-7'. */
  nit: textSchema('El NIT', { typeError: 'El NIT debe ser un texto' })
    .trim()
    .max(20, 'El NIT no puede tener más de 20 caracteres')
    .regex(
      /^(\d[\d.]*(-\d)?)?$/,
      'El NIT debe tener solo números, puntos y el dígito de verificación (por ejemplo, 900.123.456-7)',
    )
    .nullish()
    .transform((value) => (value === '' ? null : value)),
  phone: textSchema('El teléfono', { typeError: 'El teléfono debe ser un texto' })
    .trim()
    .max(30, 'El teléfono no puede tener más de 30 caracteres')
    .regex(/^(\+?[\d\s()-]{7,30})?$/, 'El teléfono no es válido')
    .nullish()
    .transform((value) => (value === '' ? null : value)),
  email: textSchema('El correo', { typeError: 'El correo debe ser un texto' })
    .trim()
    .max(255, 'El correo no puede tener más de 255 caracteres')
    .pipe(z.union([z.literal(''), z.email('El correo no es válido')]))
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null)),
  logo_url: imageUrlSchema('El logo', 2048),
  color: textSchema('El color', { typeError: 'El color debe ser un texto' })
    .trim()
    .regex(/^#[0-9A-Fa-f]{6}$/, 'El color debe tener el formato #RRGGBB')
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null)),
  season_start_month: month('El mes de inicio de temporada'),
  season_end_month: month('El mes de fin de temporada'),
  status: z.enum(clubStatuses, { error: "El estado debe ser 'active' o 'archived'" }),
};

/** `POST /api/pla_club_teams`: only the name is required; the season defaults to Jan–Dec. */
export const clubCreateSchema = z.object({
  ...clubFields,
  season_start_month: clubFields.season_start_month.default(1),
  season_end_month: clubFields.season_end_month.default(12),
  status: clubFields.status.default('active'),
});
export type ClubCreate = z.infer<typeof clubCreateSchema>;
export type ClubCreateInput = z.input<typeof clubCreateSchema>;

/** `PATCH /api/pla_club_teams/{id}`: any subset of the fields; null clears an optional one. */
export const clubUpdateSchema = z.object(clubFields).partial();
export type ClubUpdate = z.infer<typeof clubUpdateSchema>;
export type ClubUpdateInput = z.input<typeof clubUpdateSchema>;

export const clubSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  sport: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  nit: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logo_url: z.string().nullable(),
  color: z.string().nullable(),
  season_start_month: z.number().int(),
  season_end_month: z.number().int(),
  /** Derived from `country` (see `countryDefaults`), never sent by the client. */
  timezone: z.string(),
  /** Derived from `country` (see `countryDefaults`), never sent by the client. */
  currency: z.string(),
  status: z.enum(clubStatuses),
  /** The signed-in user's role names in this club, highest priority first (empty for a super admin who is not a member). */
  roles: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Club = z.infer<typeof clubSchema>;

/** `GET /api/pla_club_teams`. */
export const clubListResponseSchema = z.object({ data: z.array(clubSchema) });
/** `POST`, `GET`, `PATCH` and `DELETE /api/pla_club_teams/{id}`. */
export const clubResponseSchema = z.object({ data: clubSchema });

export const clubMessages = {
  notFound: 'Club no encontrado',
  forbidden: 'No tienes permiso para realizar esta acción',
  moduleDisabled: 'El módulo está desactivado',
  hasPlayers: (count: number) =>
    `No se puede eliminar el club: tiene ${count} ${count === 1 ? 'jugador' : 'jugadores'}. Archívalo en lugar de eliminarlo.`,
} as const;
