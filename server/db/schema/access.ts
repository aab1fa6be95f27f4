import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { users } from './users';

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

/**
 * A club's own grants for a role in one module. When a row of
 * `club_role_module_overrides` exists for (club, role, module), that role's permissions in
 * that module, in that club, are exactly the rows here; otherwise the platform defaults of
 * `role_permissions` apply. So an owner can narrow or widen what trainers may do in their
 * club without touching any other club, and later default changes still reach the
 * modules the club never customised.
 */
export const clubRoleModuleOverrides = pgTable(
  'club_role_module_overrides',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({
      name: 'club_role_module_overrides_pk',
      columns: [t.clubId, t.roleId, t.moduleId],
    }),
  ],
);

/** The permissions a club grants a role in the modules it overrides (see above). */
export const clubRolePermissions = pgTable(
  'club_role_permissions',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({
      name: 'club_role_permissions_pk',
      columns: [t.clubId, t.roleId, t.permissionId],
    }),
  ],
);
