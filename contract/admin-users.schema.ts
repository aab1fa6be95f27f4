import { z } from 'zod';
import {
  type ListParams,
  idSchema,
  listQuerySchema,
  listResponseSchema,
  requiredText,
} from './common.schema';

/*
 * The users of the platform as the super admin sees them (issue #17, Administración del
 * Sistema): `GET /api/admin/users`, `GET /api/admin/users/{id}/memberships`,
 * `POST /api/admin/users/{id}/lock | unlock | password-reset`.
 */

export const LOCK_REASON_MAX = 500;

export const adminUserMessages = {
  notFound: 'Usuario no encontrado',
  badLocked: "El filtro de bloqueo debe ser 'true' o 'false'",
  alreadyLocked: 'El usuario ya está bloqueado',
  notLocked: 'El usuario no está bloqueado',
  lockSelf: 'No puedes bloquear tu propia cuenta',
  resetRefused:
    'No se envió el correo: la cuenta no está activa, no tiene correo o ya recibió varios en los últimos 15 minutos',
  /** What a locked account reads when it signs in. */
  lockedLogin: 'Tu cuenta está bloqueada por el administrador de la plataforma.',
} as const;

export const adminUserSortFields = [
  'name',
  'email',
  'status',
  'locked_at',
  'clubs_count',
  'created_at',
] as const;
export type AdminUserSortField = (typeof adminUserSortFields)[number];

const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: adminUserMessages.badLocked })
  .transform((value) => value === true || value === 'true');

/** `GET /api/admin/users`: `q` over name, last name, e-mail and document. */
export const adminUserListQuerySchema = listQuerySchema({
  sortable: adminUserSortFields,
  defaultSort: '-created_at',
  filters: { locked: queryBoolean.optional() },
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;
export type AdminUserListParams = ListParams<AdminUserSortField> & {
  locked?: boolean | null;
};

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  document_number: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  locked_at: z.string().nullable(),
  locked_reason: z.string().nullable(),
  is_super_admin: z.boolean(),
  clubs_count: z.number().int(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListResponseSchema = listResponseSchema(adminUserSchema);
export const adminUserResponseSchema = z.object({ data: adminUserSchema });

export const adminUserParamsSchema = z.object({ id: idSchema('El identificador del usuario') });

/** One club of a user with the roles held there. */
export const adminMembershipSchema = z.object({
  club_id: z.number().int(),
  club_name: z.string(),
  club_status: z.enum(['active', 'suspended', 'archived']),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminMembership = z.infer<typeof adminMembershipSchema>;
export const adminMembershipsResponseSchema = z.object({ data: z.array(adminMembershipSchema) });

/** `POST /api/admin/users/{id}/lock`. */
export const userLockSchema = z.object({
  reason: requiredText('El motivo', LOCK_REASON_MAX, { multiline: true }),
});
export type UserLockInput = z.input<typeof userLockSchema>;

export const passwordResetSentSchema = z.object({ message: z.string() });
