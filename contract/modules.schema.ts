import { z } from 'zod';
import {
  type ModuleSlug,
  type RoleName,
  moduleActions,
  moduleCategories,
  moduleSlugs,
  userModuleSchema,
} from './user.schema';

/**
 * Role–module compatibility (SPEC.md §6): a role may only hold permissions of the modules
 * in its column. A role outside this table (none is seeded) has no restriction.
 */
export const roleModuleCompatibility: Record<RoleName, readonly ModuleSlug[]> = {
  'Super Admin': moduleSlugs,
  'Propietario del Club': [
    'club',
    'players',
    'trainers',
    'categories',
    'payments',
    'sessions',
    'reports',
    'communications',
  ],
  Entrenador: ['players', 'sessions', 'reports', 'communications'],
  Contador: ['payments', 'reports'],
  Jugador: ['sessions', 'payments'],
  'Padre/Acudiente': ['players', 'payments', 'sessions', 'communications'],
};

export const moduleMessages = {
  moduleNotFound: 'Módulo no encontrado',
  roleNotFound: 'Rol no encontrado',
  slugTaken: 'Ya existe un módulo con ese identificador',
  superAdminOnly:
    'Solo el super administrador puede cambiar los módulos y los permisos por defecto de la plataforma (afectan a todos los clubes)',
  notAdmin: 'No tienes permiso para realizar esta acción',
  permissionOutsideModule: 'Alguno de los permisos no pertenece a este módulo',
  ownRole: 'No puedes cambiar los permisos del rol Propietario del Club: protege tu propio acceso',
  superAdminRoleFixed: 'El rol Super Admin tiene siempre todos los permisos',
  noClub: 'Selecciona un club para configurar sus roles',
  incompatible: (role: string, module: string) =>
    `El rol ${role} no puede tener permisos en el módulo ${module}: ese módulo no está en su columna de la tabla de compatibilidad (SPEC §6)`,
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

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'El identificador debe ser un número' })
    .int('El identificador debe ser un número entero')
    .positive('El identificador debe ser positivo')
    .max(2_147_483_647, 'El identificador no es válido'),
});

export const modulePermissionParamsSchema = idParamsSchema.extend({
  permission: z.enum(moduleActions, {
    error: "El permiso debe ser 'view', 'create', 'update' o 'delete'",
  }),
});

const moduleName = z
  .string({ error: 'El nombre del módulo es obligatorio' })
  .trim()
  .min(1, 'El nombre del módulo es obligatorio')
  .max(80, 'El nombre del módulo no puede tener más de 80 caracteres');
const optionalShortText = (label: string) =>
  z
    .string({ error: `${label} debe ser un texto` })
    .trim()
    .max(200, `${label} no puede tener más de 200 caracteres`)
    .nullish()
    .transform((value) => (value ? value : null));

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

/**
 * Where a role configuration applies. Permissions are per club: a club's owner (with
 * settings.manage) configures the roles of the club they work in, which overrides the
 * platform defaults module by module. A super admin may also configure any club, or the
 * platform defaults themselves (`club_id: null`, or `?scope=platform` on the GET).
 * Without a `club_id` the request applies to the club the caller works in: the
 * `X-Club-Id` header the browser sends (the selected club), else `current_club_id`.
 */
export const CLUB_HEADER = 'x-club-id';

/** `GET /api/admin/roles/{id}/configuration` query. */
export const roleConfigurationQuerySchema = z.object({
  club_id: idParamsSchema.shape.id.optional(),
  scope: z.enum(['club', 'platform'], { error: "scope debe ser 'club' o 'platform'" }).optional(),
});

/** `POST /api/admin/roles/permissions`: the role's permissions in that module become exactly these. */
export const rolePermissionsRequestSchema = z.object({
  club_id: idParamsSchema.shape.id.pipe(z.number()).nullable().optional(),
  role_id: idParamsSchema.shape.id.pipe(z.number()),
  module_id: idParamsSchema.shape.id.pipe(z.number()),
  permission_ids: z
    .array(z.number({ error: 'Cada permiso debe ser un número' }).int().positive(), {
      error: 'permission_ids debe ser una lista de números',
    })
    .max(100, 'Demasiados permisos'),
});

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

/** `GET /api/admin/roles/{id}/configuration`: the role's row of the roles × modules matrix. */
export const roleConfigurationResponseSchema = z.object({
  data: z.object({
    role: z.object({ id: z.number().int(), name: z.string(), priority: z.number().int() }),
    /** The club this configuration is for; null for the platform defaults. */
    club_id: z.number().int().nullable(),
    /** Whether the caller may change it, and if not, why (Spanish, for the screen). */
    editable: z.boolean(),
    read_only_reason: z.string().nullable(),
    allowed_modules: z.array(z.string()),
    modules: z.array(
      moduleSchema.extend({
        compatible: z.boolean(),
        /** The club overrides the platform defaults for this role in this module. */
        customised: z.boolean(),
        permissions: z.array(permissionSchema.extend({ granted: z.boolean() })),
      }),
    ),
  }),
});
