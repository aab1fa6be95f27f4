import { type SQL, type SQLWrapper, and, asc, eq, exists, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  clubRoleModuleOverrides,
  clubRolePermissions,
  modules,
  permissions,
  rolePermissions,
  roles,
} from '../db/schema/access';
import { clubMemberships } from '../db/schema/memberships';

const INT_ID = /^[1-9]\d{0,9}$/;

/** `raw` as a database id (a positive int4), or undefined when it cannot be one. */
export function parseId(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !INT_ID.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
}

/** One permission a set of roles holds, with its module (null for settings.manage). */
export interface EffectivePermission {
  id: number;
  name: string;
  action: string;
  moduleId: number | null;
  moduleSlug: string | null;
  /** False when the module is switched off; null for a permission without a module. */
  moduleActive: boolean | null;
}

/** Which roles a permission query is about, and in which club (null: the platform defaults). */
export interface GrantQuestion {
  /** The condition "this role column is one of the roles asked about". */
  roleIn: (roleColumn: SQLWrapper) => SQL;
  clubId: SQLWrapper | null;
  /** Narrows the answer to the permission of this name. */
  name?: SQLWrapper;
}

/**
 * The condition on `permissions` (joined with `modules`) that holds for a permission the
 * roles of `question` are granted (see `effectivePermissions` for the rules).
 */
export function grantCondition(db: Db, { roleIn, clubId, name }: GrantQuestion): SQL | undefined {
  const one = { one: sql`1` };
  /** The club overrides (club, role, module of the outer permission). */
  const overridden = (roleId: typeof rolePermissions.roleId | typeof clubRolePermissions.roleId) =>
    db
      .select(one)
      .from(clubRoleModuleOverrides)
      .where(
        and(
          sql`${clubRoleModuleOverrides.clubId} = ${clubId}`,
          eq(clubRoleModuleOverrides.roleId, roleId),
          // Null for settings.manage, which therefore is never overridden.
          eq(clubRoleModuleOverrides.moduleId, permissions.moduleId),
        ),
      );
  const byDefault = db
    .select(one)
    .from(rolePermissions)
    .where(
      and(
        eq(rolePermissions.permissionId, permissions.id),
        roleIn(rolePermissions.roleId),
        clubId ? notExists(overridden(rolePermissions.roleId)) : undefined,
      ),
    );
  const byClub = clubId
    ? db
        .select(one)
        .from(clubRolePermissions)
        .where(
          and(
            sql`${clubRolePermissions.clubId} = ${clubId}`,
            eq(clubRolePermissions.permissionId, permissions.id),
            roleIn(clubRolePermissions.roleId),
            exists(overridden(clubRolePermissions.roleId)),
          ),
        )
    : undefined;
  const granted = byClub ? or(exists(byDefault), exists(byClub)) : exists(byDefault);
  return and(granted, name ? sql`${permissions.name} = ${name}` : undefined);
}

/** The SQL of `effectivePermissions` for one shape of the question, with placeholders. */
function prepareEffectivePermissions(db: Db, withClub: boolean, withName: boolean) {
  const roleIds = sql.placeholder('roleIds');
  return db
    .select({
      id: permissions.id,
      name: permissions.name,
      action: permissions.action,
      moduleId: permissions.moduleId,
      moduleSlug: modules.slug,
      moduleActive: modules.isActive,
    })
    .from(permissions)
    .leftJoin(modules, eq(modules.id, permissions.moduleId))
    .where(
      grantCondition(db, {
        roleIn: (roleColumn) => sql`${roleColumn} = any(${roleIds})`,
        clubId: withClub ? sql.placeholder('clubId') : null,
        name: withName ? sql.placeholder('name') : undefined,
      }),
    )
    .orderBy(asc(permissions.id))
    .prepare(`effective_permissions_${withClub ? 'club' : 'defaults'}${withName ? '_one' : ''}`);
}

type EffectivePermissionsQuery = ReturnType<typeof prepareEffectivePermissions>;
// Asked on every club-scoped request and every GET /api/user: built once per database
// and shape, and planned once per PostgreSQL connection.
const preparedQueries = new WeakMap<Db, Map<string, EffectivePermissionsQuery>>();

/**
 * The permissions `roleIds` hold in club `clubId` (null: the platform defaults alone),
 * in one query. For each role and module: when the club overrides that (club, role,
 * module), the club's own grants (`club_role_permissions`) count and the defaults do not;
 * otherwise the defaults (`role_permissions`) count. A permission without a module
 * (settings.manage) can never be overridden, so it always comes from the defaults.
 * `options.name` narrows the answer to one permission (the route guard asks for one).
 */
export async function effectivePermissions(
  db: Db,
  clubId: number | null,
  roleIds: readonly number[],
  options: { name?: string } = {},
): Promise<EffectivePermission[]> {
  if (roleIds.length === 0) return [];
  const withClub = clubId !== null;
  const withName = options.name !== undefined;
  const shape = `${withClub}:${withName}`;
  let queries = preparedQueries.get(db);
  if (!queries) preparedQueries.set(db, (queries = new Map()));
  let query = queries.get(shape);
  if (!query) queries.set(shape, (query = prepareEffectivePermissions(db, withClub, withName)));
  return query.execute({ roleIds: [...roleIds], clubId, name: options.name });
}

/** The names of `effectivePermissions`, in permission id order. */
export async function effectivePermissionNames(
  db: Db,
  clubId: number | null,
  roleIds: readonly number[],
): Promise<string[]> {
  return (await effectivePermissions(db, clubId, roleIds)).map((permission) => permission.name);
}

/** The roles `userId` holds in club `clubId` (none: not a member). */
export async function memberRoleIds(db: Db, userId: number, clubId: number): Promise<number[]> {
  const rows = await db
    .select({ roleId: clubMemberships.roleId })
    .from(clubMemberships)
    .where(and(eq(clubMemberships.userId, userId), eq(clubMemberships.clubId, clubId)));
  return rows.map((row) => row.roleId);
}

/** The roles (id and name) `userId` holds in club `clubId` (none: not a member). */
export async function memberRoles(
  db: Db,
  userId: number,
  clubId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(clubMemberships)
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(and(eq(clubMemberships.userId, userId), eq(clubMemberships.clubId, clubId)));
}
