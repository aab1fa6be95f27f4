import type { FeaturePlugin } from '../../app-deps';
import { auditLogRoutes } from './audit-log.routes';

/** Panel Super Admin's audit log (`/api/admin/audit-log…`, issue #17). */
export const auditLogPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, superAdmin } = deps;
  app.register(auditLogRoutes, { db, clock, superAdmin });
};
