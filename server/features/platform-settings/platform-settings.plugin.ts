import type { FastifyInstance } from 'fastify';
import type { FeaturePlugin } from '../../app-deps';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { platformSettingsRoutes } from './platform-settings.routes';
import { createPlatformSettingsService } from './platform-settings.service';

/** Panel Super Admin's settings (`/api/admin/platform-settings`, issue #17). */
export const platformSettingsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, superAdmin } = deps;
  app.register(platformSettingsRoutes, {
    settings: createPlatformSettingsService({ db, clock }),
    superAdmin,
  });
};

/**
 * Lets GET /api/config answer the stored WhatsApp number (server/features/app-config/);
 * called once on the root instance by server/app.ts.
 */
export function serveStoredWhatsapp(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  app.decorate('storedWhatsappNumber', createPlatformSettingsService(deps).whatsappNumber);
}
