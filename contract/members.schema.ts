import { z } from 'zod';
import {
  idParamsSchema,
  idSchema,
  type ListParams,
  listQuerySchema,
  listResponseSchema,
} from './common.schema';
import { roleRefSchema } from './roles.schema';

/*
 * A club's people and their roles: the 'Asignación de Roles a Usuarios' screen
 * (/home/admin/users-roles) and its endpoints under /api/pla_club_teams/{id}/members.
 * Every route here requires settings.manage in the club.
 */

/** The fields the members grid sorts by; `name` is the last name, then the first name. */
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

/**
 * `GET /api/pla_club_teams/{id}/members`: the list contract (`page` from 1, `pageSize`,
 * `sort`, `q` over name, last name, "name lastname" and e-mail) plus the role filter.
 */
export const memberListQuerySchema = listQuerySchema({
  sortable: memberSortFields,
  defaultSort: 'name',
  filters: { role_id: idSchema('El rol').optional() },
});
export type MemberListQuery = z.input<typeof memberListQuerySchema>;
/** What the browser asks for: the list params plus the role filter. */
export type MemberListParams = ListParams<MemberSortField> & { role_id?: number };

export const memberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  /** Null for a person without a login (a child their club added). */
  email: z.string().nullable(),
  /** The member's roles in this club, highest priority first. */
  roles: z.array(roleRefSchema),
  /** When they first joined the club (ISO 8601). */
  joined_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListResponseSchema = listResponseSchema(memberSchema);
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
