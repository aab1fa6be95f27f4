import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { platformMessages } from '../contract/platform.schema';
import type { ClubRoute } from './auth/require-club-permission';
import { currentUserOf } from './auth/require-user';
import type { Db } from './db/client';
import { accountRoutes } from './features/account/account.routes';
import { adminClubsRoutes } from './features/admin-clubs/admin-clubs.routes';
import { adminUsersRoutes } from './features/admin-users/admin-users.routes';
import { auditLogRoutes } from './features/audit-log/audit-log.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { blogPostsRoutes } from './features/blog-posts/blog-posts.routes';
import { clubSettingsRoutes } from './features/club-settings/club-settings.routes';
import { communicationsRoutes } from './features/communications/communications.routes';
import { contactMessagesRoutes } from './features/contact-messages/contact-messages.routes';
import { plansRoutes } from './features/plans/plans.routes';
import {
  platformHealthRoutes,
  recordServerErrors,
} from './features/platform-health/platform-health.routes';
import {
  platformSettingsRoutes,
  serveStoredWhatsapp,
} from './features/platform-settings/platform-settings.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { sitePagesRoutes } from './features/site-pages/site-pages.routes';
import { AppError } from './lib/app-error';
import type { Clock } from './lib/clock';
import type { MailOutbox } from './mail/outbox';
import type { FileStorage } from './storage/storage';

/** What the platform's routes are given by server/app.ts. */
export interface PlatformDeps {
  db: Db;
  clock: Clock;
  outbox: MailOutbox;
  appUrl: string;
  storage: FileStorage;
  /** The signed-in user's hook (401 otherwise): a route's `onRequest` or `preHandler`. */
  requireUser: preHandlerAsyncHookHandler;
  /** The guard of a `/api/pla_club_teams/:id/…` route (docs/access-control.md). */
  clubRoute: ClubRoute;
  /** `onRequest` hooks of a super-admin-only route: signed in, then super admin (403). */
  superAdmin: { onRequest: onRequestAsyncHookHandler[] };
}

async function requirePlatformAdmin(request: FastifyRequest) {
  if (!currentUserOf(request).isSuperAdmin) throw new AppError(403, platformMessages.superAdminOnly);
}

/**
 * The super administrator's platform, the public site's content and each person's
 * account (issue #17): `/api/admin/…` (super admin only, checked here on the server),
 * the public site's reads and the contact form, and `/api/account/…`. Registered by
 * server/app.ts; docs/platform.md lists the endpoints.
 */
export function registerPlatformRoutes(
  app: FastifyInstance,
  base: Omit<PlatformDeps, 'superAdmin'>,
) {
  const deps: PlatformDeps = {
    ...base,
    superAdmin: {
      onRequest: [base.requireUser as onRequestAsyncHookHandler, requirePlatformAdmin],
    },
  };
  app.register(plansRoutes, { prefix: '/api', ...deps });
  app.register(contactMessagesRoutes, { prefix: '/api', ...deps });
  app.register(accountRoutes, { prefix: '/api', ...deps });
  app.register(clubSettingsRoutes, { prefix: '/api', ...deps });
  app.register(blogPostsRoutes, { prefix: '/api', ...deps });
  app.register(sitePagesRoutes, { prefix: '/api', ...deps });
  app.register(adminClubsRoutes, { prefix: '/api', ...deps });
  app.register(adminUsersRoutes, { prefix: '/api', ...deps });
  app.register(auditLogRoutes, { prefix: '/api', ...deps });
  app.register(communicationsRoutes, { prefix: '/api', ...deps });
  app.register(analyticsRoutes, { prefix: '/api', ...deps });
  app.register(reportsRoutes, { prefix: '/api', ...deps });
  app.register(platformHealthRoutes, { prefix: '/api', ...deps });
  app.register(platformSettingsRoutes, { prefix: '/api', ...deps });
  // Root-level decorations: every 5xx reaches server_errors, GET /api/config the stored number.
  recordServerErrors(app, deps);
  serveStoredWhatsapp(app, deps);
}
