import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ClubRoute } from './auth/require-club-permission';
import { workingClubSession } from './auth/working-club';
import type { Db } from './db/client';
import { announcementsRoutes } from './features/announcements/announcements.routes';
import { createAnnouncementsService } from './features/announcements/announcements.service';
import type { AdminGuards } from './features/modules/admin-guards';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { createNotificationsService } from './features/notifications/notifications.service';
import { createNotifier } from './features/notifications/notify';
import type { Clock } from './lib/clock';
import type { MailOutbox } from './mail/outbox';

/**
 * The signed-in user's notification centre and e-mail preferences (issue #13), under
 * /api/notifications behind the session, and what people send each other through it: a
 * club's announcements (communications.*) and the super admin's system alerts;
 * registered by server/app.ts.
 */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    requireUser: preHandlerAsyncHookHandler;
    clubRoute: ClubRoute;
    guards: AdminGuards;
    outbox: MailOutbox;
    appUrl: string;
  },
) {
  app.register(notificationsRoutes, {
    prefix: '/api',
    notifications: createNotificationsService({ db: deps.db, clock: deps.clock }),
    requireUser: deps.requireUser,
    workingClub: workingClubSession(deps.db),
  });
  const notifier = createNotifier({ clock: deps.clock, outbox: deps.outbox, appUrl: deps.appUrl });
  app.register(announcementsRoutes, {
    prefix: '/api',
    announcements: createAnnouncementsService({ db: deps.db, clock: deps.clock, notifier }),
    db: deps.db,
    clubRoute: deps.clubRoute,
    guards: deps.guards,
  });
}
