import { z } from 'zod';
import { idParamsSchema, optionalText, requiredText } from './common.schema';
import { moduleActions, moduleCategories, moduleSlugs, userModuleSchema } from './users.schema';

/**
 * The refusals of the modules endpoints; superAdminOnly and notAdmin also guard the role
 * configuration (contract/roles.schema.ts has the roles' own messages).
 */
export const moduleMessages = {
  moduleNotFound: 'Módulo no encontrado',
  slugTaken: 'Ya existe un módulo con ese identificador',
  superAdminOnly:
    'Solo el super administrador puede cambiar los módulos y los permisos por defecto de la plataforma (afectan a todos los clubes)',
  notAdmin: 'No tienes permiso para realizar esta acción',
} as const;

export const moduleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  category: z.enum(moduleCategories),
  route_prefix: z.string().nullable(),
  order_index: z.number().int(),
  is_active: z.boolean(),
});
export type Module = z.infer<typeof moduleSchema>;

export const permissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  module_id: z.number().int().nullable(),
  action: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

export const modulePermissionParamsSchema = idParamsSchema.extend({
  permission: z.enum(moduleActions, {
    error: "El permiso debe ser 'view', 'create', 'update' o 'delete'",
  }),
});

const moduleName = requiredText('El nombre del módulo', 80);
/** Optional, '' and missing both become null. */
const optionalShortText = (label: string) =>
  optionalText(label, 200).transform((value) => value ?? null);

const moduleFields = {
  name: moduleName,
  icon: optionalShortText('El icono'),
  category: z.enum(moduleCategories, {
    error: "La categoría debe ser 'management', 'operations', 'analytics' o 'system'",
  }),
  route_prefix: optionalShortText('La ruta'),
  order_index: z
    .number({ error: 'El orden debe ser un número' })
    .int('El orden debe ser un número entero')
    .min(0, 'El orden no puede ser negativo')
    .max(1000, 'El orden no puede ser mayor que 1000'),
  is_active: z.boolean({ error: 'is_active debe ser verdadero o falso' }),
};

/**
 * `POST /api/admin/modules`: re-creates one of the nine modules of the specification
 * (a deleted one); the app knows no others, so a new slug is refused.
 */
export const moduleCreateSchema = z.object({
  slug: z.enum(moduleSlugs, {
    error: `El identificador debe ser uno de: ${moduleSlugs.join(', ')}`,
  }),
  ...moduleFields,
  order_index: moduleFields.order_index.default(0),
  is_active: moduleFields.is_active.default(true),
});
/** `PUT /api/admin/modules/{id}`: the slug never changes. */
export const moduleUpdateSchema = z.object(moduleFields).partial();
/** `PUT /api/admin/modules/{id}/toggle`. */
export const moduleToggleSchema = z.object({ is_active: moduleFields.is_active });

export const moduleResponseSchema = z.object({ data: moduleSchema });
export const moduleListResponseSchema = z.object({ data: z.array(moduleSchema) });
export const permissionListResponseSchema = z.object({ data: z.array(permissionSchema) });

/** `GET /api/user/available-modules`: the same modules and permissions as `GET /api/user`. */
export const availableModulesResponseSchema = z.object({
  data: z.object({ modules: z.array(userModuleSchema), permissions: z.array(z.string()) }),
});

const actionFlags = z.object({
  view: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
});

/** `GET /api/modules/{id}/access`, for the user's current club. */
export const moduleAccessResponseSchema = z.object({
  data: z.object({
    module_id: z.number().int(),
    slug: z.string(),
    enabled: z.boolean(),
    has_access: z.boolean(),
    permissions: actionFlags,
  }),
});

/** `GET /api/modules/{id}/permissions/{permission}`. */
export const modulePermissionResponseSchema = z.object({
  data: z.object({
    module_id: z.number().int(),
    permission: z.string(),
    allowed: z.boolean(),
  }),
});

/** `GET /api/admin/modules/{id}/permissions`: the module's permissions and who holds them. */
export const modulePermissionsResponseSchema = z.object({
  data: z.object({
    module: moduleSchema,
    permissions: z.array(permissionSchema),
    roles: z.array(
      z.object({
        role_id: z.number().int(),
        role_name: z.string(),
        compatible: z.boolean(),
        permission_ids: z.array(z.number().int()),
      }),
    ),
  }),
});
