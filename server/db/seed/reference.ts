import { inArray } from 'drizzle-orm';
import {
  SETTINGS_MANAGE,
  moduleActions,
  type ModuleSlug,
  moduleSlugs,
} from '../../../contract/users.schema';
import { type RoleName } from '../../../contract/roles.schema';
import { roleModuleCompatibility } from '../../../contract/roles.schema';
import type { Db } from '../client';
import { modules, permissions, rolePermissions, roles } from '../schema/access';
import { seedReferenceData } from './reference-data';

/** Role priority: higher wins when one role must be chosen (DOMAIN.md, "People and tenancy"). */
export const rolePriorities: Record<RoleName, number> = {
  'Super Admin': 60,
  'Propietario del Club': 50,
  Contador: 40,
  Entrenador: 30,
  'Padre/Acudiente': 20,
  Jugador: 10,
};

type ModuleSeed = {
  name: string;
  icon: string;
  category: 'management' | 'operations' | 'analytics' | 'system';
  routePrefix: string;
  orderIndex: number;
};

/** The nine modules (SPEC.md §3), ordered as the sidebar shows them; icons are MUI icon names. */
export const moduleSeeds: Record<ModuleSlug, ModuleSeed> = {
  club: {
    name: 'Club / Equipo',
    icon: 'Shield',
    category: 'management',
    routePrefix: '/home/club-team',
    orderIndex: 1,
  },
  categories: {
    name: 'Categorías',
    icon: 'Category',
    category: 'management',
    routePrefix: '/home/categories',
    orderIndex: 2,
  },
  trainers: {
    name: 'Entrenadores',
    icon: 'SportsSoccer',
    category: 'management',
    routePrefix: '/home/trainers',
    orderIndex: 3,
  },
  players: {
    name: 'Jugadores',
    icon: 'Groups',
    category: 'management',
    routePrefix: '/home/players',
    orderIndex: 4,
  },
  sessions: {
    name: 'Calendario',
    icon: 'CalendarMonth',
    category: 'operations',
    routePrefix: '/home/calendar',
    orderIndex: 5,
  },
  payments: {
    name: 'Pagos',
    icon: 'Payments',
    category: 'operations',
    routePrefix: '/home/payments',
    orderIndex: 6,
  },
  reports: {
    name: 'Reportes',
    icon: 'Assessment',
    category: 'analytics',
    routePrefix: '/home/reports',
    orderIndex: 7,
  },
  communications: {
    name: 'Comunicaciones',
    icon: 'Campaign',
    category: 'analytics',
    routePrefix: '/home/communications',
    orderIndex: 8,
  },
  system: {
    name: 'Sistema',
    icon: 'Settings',
    category: 'system',
    routePrefix: '/home/admin/system',
    orderIndex: 9,
  },
};

const all = (slug: ModuleSlug) => moduleActions.map((action) => `${slug}.${action}`);

/** Every permission: the four actions of each module, plus settings.manage. */
export const allPermissionNames: string[] = [...moduleSlugs.flatMap(all), SETTINGS_MANAGE];

/**
 * Default permissions of each role, from the role–module table of SPEC.md §6:
 *
 * | Role                 | Default permissions                                                      |
 * |----------------------|--------------------------------------------------------------------------|
 * | Super Admin          | everything (all nine modules × four actions, settings.manage)            |
 * | Propietario del Club | club, players, trainers, categories, payments, sessions, reports,        |
 * |                      | communications: view/create/update/delete; settings.manage               |
 * | Entrenador           | players, sessions, reports, communications: view; sessions: create/update|
 * | Contador             | payments: view/create/update/delete; reports: view                       |
 * | Jugador              | sessions: view; payments: view + create (sending a proof)                |
 * | Padre/Acudiente      | players: view; payments: view + create (sending a proof); sessions: view;|
 * |                      | communications: view                                                     |
 *
 * What each permission opens is contract/access-table.rows.ts (issue #33): in Pagos,
 * `create` is sending a proof of payment (a family, for its own payments only), `update`
 * is managing the money (creating and editing charges and discounts, registering,
 * approving and generating payments), `delete` is deleting charges and discounts.
 * Migration 0034 brought running databases in line (Jugador gained payments.create).
 */
export const roleDefaults: Record<RoleName, string[]> = {
  'Super Admin': allPermissionNames,
  // Everything in the owner's column of SPEC §6, plus the Administración section.
  'Propietario del Club': [
    ...roleModuleCompatibility['Propietario del Club'].flatMap(all),
    SETTINGS_MANAGE,
  ],
  Entrenador: [
    'players.view',
    'sessions.view',
    'sessions.create',
    'sessions.update',
    'reports.view',
    'communications.view',
  ],
  Contador: [...all('payments'), 'reports.view'],
  Jugador: ['sessions.view', 'payments.view', 'payments.create'],
  'Padre/Acudiente': [
    'players.view',
    'payments.view',
    'payments.create',
    'sessions.view',
    'communications.view',
  ],
};

/**
 * Inserts the roles, modules and permissions that are missing and grants the default
 * permissions, then the reference data (sports, countries, …; see reference-data.ts).
 * Idempotent: runs on every start. Existing rows are left alone (an admin
 * may have renamed or switched off a module), and defaults are granted only for a role
 * or a permission created by this run, so assignments an admin removed stay removed.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const newRoles = await tx
      .insert(roles)
      .values(Object.entries(rolePriorities).map(([name, priority]) => ({ name, priority })))
      .onConflictDoNothing({ target: roles.name })
      .returning({ id: roles.id, name: roles.name });

    await tx
      .insert(modules)
      .values(moduleSlugs.map((slug) => ({ slug, ...moduleSeeds[slug] })))
      .onConflictDoNothing({ target: modules.slug });
    const moduleRows = await tx.select({ id: modules.id, slug: modules.slug }).from(modules);
    const moduleIdBySlug = new Map(moduleRows.map((row) => [row.slug, row.id]));

    const permissionValues = allPermissionNames.map((name) => {
      const [prefix = '', action = ''] = name.split('.');
      return { name, action, moduleId: moduleIdBySlug.get(prefix) ?? null };
    });
    const newPermissions = await tx
      .insert(permissions)
      .values(permissionValues)
      .onConflictDoNothing({ target: permissions.name })
      .returning({ id: permissions.id, name: permissions.name });
    if (newRoles.length === 0 && newPermissions.length === 0) return;

    const roleRows = await tx
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(inArray(roles.name, Object.keys(roleDefaults)));
    const permissionRows = await tx
      .select({ id: permissions.id, name: permissions.name })
      .from(permissions);
    const permissionIdByName = new Map(permissionRows.map((row) => [row.name, row.id]));
    const newRoleIds = new Set(newRoles.map((row) => row.id));
    const newPermissionNames = new Set(newPermissions.map((row) => row.name));

    const grants = roleRows.flatMap((role) =>
      roleDefaults[role.name as RoleName]
        .filter((name) => newRoleIds.has(role.id) || newPermissionNames.has(name))
        .map((name) => ({ roleId: role.id, permissionId: permissionIdByName.get(name)! })),
    );
    if (grants.length > 0) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
  });
  await seedReferenceData(db);
}
