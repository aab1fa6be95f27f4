import { z } from 'zod';
import { idParamsSchema } from './common.schema';
import { roleRefSchema } from './roles.schema';

/*
 * A club's people and their roles: the 'Asignación de Roles a Usuarios' screen
 * (/home/admin/users-roles) and its endpoints under /api/pla_club_teams/{id}/members.
 * Every route here requires settings.manage in the club.
 */

export const MEMBER_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_MEMBER_PAGE_SIZE = 25;
export const memberSortFields = ['name', 'email', 'joined_at'] as const;
export type MemberSortField = (typeof memberSortFields)[number];

export const memberMessages = {
  memberNotFound: 'Esa persona no pertenece a este club',
  roleNotFound: 'Rol no encontrado',
  superAdminRole: 'El rol Super Admin no se asigna en un club',
  atLeastOneRole: 'Elige al menos un rol',
  lastOwner: 'El club debe tener al menos un Propietario del Club',
} as const;

const roleIdSchema = idParamsSchema.shape.id;

/** `GET /api/pla_club_teams/{id}/members`: `page` counts from 1. */
export const memberListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'La página debe ser un número' })
    .int('La página debe ser un número entero')
    .min(1, 'La página debe ser 1 o mayor')
    .max(100_000, 'La página no es válida')
    .default(1),
  page_size: z.coerce
    .number({ error: 'El tamaño de página debe ser un número' })
    .int('El tamaño de página debe ser un número entero')
    .refine((size) => (MEMBER_PAGE_SIZES as readonly number[]).includes(size), {
      message: `El tamaño de página debe ser ${MEMBER_PAGE_SIZES.join(', ')}`,
    })
    .default(DEFAULT_MEMBER_PAGE_SIZE),
  /** Matches name, last name, "name lastname" or e-mail, case- and accent-insensitive. */
  search: z
    .string()
    .trim()
    .max(100, 'La búsqueda no puede tener más de 100 caracteres')
    .optional()
    .transform((value) => value || undefined),
  role_id: roleIdSchema.optional(),
  sort: z
    .enum(memberSortFields, { error: "El orden debe ser 'name', 'email' o 'joined_at'" })
    .default('name'),
  order: z.enum(['asc', 'desc'], { error: "La dirección debe ser 'asc' o 'desc'" }).default('asc'),
});
export type MemberListQuery = z.input<typeof memberListQuerySchema>;

export const memberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** The member's roles in this club, highest priority first. */
  roles: z.array(roleRefSchema),
  /** When they first joined the club (ISO 8601). */
  joined_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListResponseSchema = z.object({
  data: z.array(memberSchema),
  meta: z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  }),
});
export type MemberListResponse = z.infer<typeof memberListResponseSchema>;

export const memberParamsSchema = idParamsSchema.extend({ userId: idParamsSchema.shape.id });

/** `PUT /api/pla_club_teams/{id}/members/{userId}/roles`: the member's roles become exactly these. */
export const memberRolesRequestSchema = z.object({
  role_ids: z
    .array(roleIdSchema, { error: 'role_ids debe ser una lista de roles' })
    .min(1, memberMessages.atLeastOneRole)
    .max(10, 'Demasiados roles'),
});
export type MemberRolesRequest = z.input<typeof memberRolesRequestSchema>;

export const memberResponseSchema = z.object({ data: memberSchema });
