import type { Module, Permission } from '../../../contract/modules.schema';
import type { modules, permissions } from '../../db/schema/access';

/** A module row as the contract spells it. */
export const toModule = (row: typeof modules.$inferSelect): Module => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  icon: row.icon,
  category: row.category,
  route_prefix: row.routePrefix,
  order_index: row.orderIndex,
  is_active: row.isActive,
});

/** A permission row as the contract spells it. */
export const toPermission = (row: typeof permissions.$inferSelect): Permission => ({
  id: row.id,
  name: row.name,
  module_id: row.moduleId,
  action: row.action,
});
