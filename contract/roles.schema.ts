import { z } from 'zod';
import { idParamsSchema, idSchema } from './common.schema';
import { CLUB_OWNER_ROLE } from './names';
import { moduleSchema, permissionSchema } from './modules.schema';
import { type ModuleSlug, moduleSlugs } from './users.schema';

/*
 * Roles: the six of the specification, what each may hold (the role–module table of
 * SPEC §6) and their permissions per club (Gestión de Roles, /home/admin/roles). A club
 * overrides the platform defaults module by module; see docs/access-control.md.
 */

export const roleMessages = {
  roleNotFound: 'Rol no encontrado',
  permissionOutsideModule: 'Alguno de los permisos no pertenece a este módulo',
  ownRole: 'No puedes cambiar los permisos del rol Propietario del Club: protege tu propio acceso',
  superAdminRoleFixed: 'El rol Super Admin tiene siempre todos los permisos',
  noClub: 'Selecciona un club para configurar sus roles',
  incompatible: (role: string, module: string) =>
    `El rol ${role} no puede tener permisos en el módulo ${module}: ese módulo no está en su columna de la tabla de compatibilidad (SPEC §6)`,
} as const;

/** The six role names exactly as the specification (§6) spells them. */
export const roleNames = [
  'Super Admin',
  CLUB_OWNER_ROLE,
  'Entrenador',
  'Contador',
  'Jugador',
  'Padre/Acudiente',
] as const;
export type RoleName = (typeof roleNames)[number];

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

export const roleRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type RoleRef = z.infer<typeof roleRefSchema>;

/** `GET /api/admin/roles`: the roles a club can assign or configure. */
export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  priority: z.number().int(),
});
export const roleListResponseSchema = z.object({ data: z.array(roleSchema) });
export type Role = z.infer<typeof roleSchema>;

/** `GET /api/admin/roles/{id}/configuration` query. */
export const roleConfigurationQuerySchema = z.object({
  club_id: idParamsSchema.shape.id
    .optional()
    .describe(
      'Club cuya configuración se pide, nombrado explícitamente (un super admin: cualquier club; otro usuario: un club donde tiene settings.manage). Sin él: el club de trabajo (X-Club-Id, si no el club actual, si no la primera membresía)',
    ),
  scope: z
    .enum(['club', 'platform'], { error: "scope debe ser 'club' o 'platform'" })
    .optional()
    .describe('platform: los permisos por defecto de la plataforma (solo super admin)'),
});

/** `POST /api/admin/roles/permissions`: the role's permissions in that module become exactly these. */
export const rolePermissionsRequestSchema = z.object({
  club_id: idParamsSchema.shape.id
    .pipe(z.number())
    .nullable()
    .optional()
    .describe(
      'Club que se configura, nombrado explícitamente (un super admin: cualquier club; otro usuario: un club donde tiene settings.manage); null: los permisos por defecto de la plataforma (solo super admin). Sin él: el club de trabajo (X-Club-Id, si no el club actual, si no la primera membresía)',
    ),
  role_id: idParamsSchema.shape.id.pipe(z.number()),
  module_id: idParamsSchema.shape.id.pipe(z.number()),
  permission_ids: z
    .array(idSchema('Cada permiso'), { error: 'permission_ids debe ser una lista de números' })
    .max(100, 'Demasiados permisos'),
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

/** One role's row of the roles × modules matrix, as the server answers it. */
export type RoleConfiguration = z.infer<typeof roleConfigurationResponseSchema>['data'];
export type ConfiguredModule = RoleConfiguration['modules'][number];

/**
 * Whose permissions are shown: the selected club's ('club') or the platform defaults every
 * club starts from ('platform', super admin only).
 */
export type RoleScope = 'club' | 'platform';

/** What Gestión de Roles asks to load: a role, in a scope. */
export interface RoleChoice {
  roleId: number;
  scope: RoleScope;
}

/** One POST /api/admin/roles/permissions: the role's permissions in one module become these. */
export interface ModuleSave {
  roleId: number;
  /** The club of the configuration being saved; null for the platform defaults. */
  clubId: number | null;
  moduleId: number;
  permissionIds: number[];
}
