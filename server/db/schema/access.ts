import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';

/**
 * The six roles of the specification. `priority`: higher wins when one role must be
 * chosen (DOMAIN.md: Super Admin > Propietario > Contador > Entrenador > Padre > Jugador).
 */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique('roles_name_unique'),
  priority: integer('priority').notNull(),
});

/** The nine modules of the specification (§3); admins may switch one off (`is_active`). */
export const modules = pgTable(
  'modules',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique('modules_slug_unique'),
    name: text('name').notNull(),
    icon: text('icon'),
    category: text('category', {
      enum: ['management', 'operations', 'analytics', 'system'],
    }).notNull(),
    routePrefix: text('route_prefix'),
    orderIndex: integer('order_index').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check(
      'modules_category_valid',
      sql`${t.category} in ('management', 'operations', 'analytics', 'system')`,
    ),
  ],
);

/** `<module>.<action>` (e.g. 'players.view'), plus platform permissions without a module ('settings.manage'). */
export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique('permissions_name_unique'),
  moduleId: integer('module_id').references(() => modules.id, { onDelete: 'cascade' }),
  action: text('action').notNull(),
});

/** What each role may do; seeded with the defaults of SPEC.md §6 (see seed/reference.ts). */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'role_permissions_pk', columns: [t.roleId, t.permissionId] })],
);
