import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from './db/client';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { createNotificationsService } from './features/notifications/notifications.service';
import type { Clock } from './lib/clock';

/**
 * The signed-in user's notification centre and e-mail preferences (issue #13), under
 * /api/notifications behind the session; registered by server/app.ts.
 */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; requireUser: preHandlerAsyncHookHandler },
) {
  app.register(notificationsRoutes, {
    prefix: '/api',
    notifications: createNotificationsService({ db: deps.db, clock: deps.clock }),
    requireUser: deps.requireUser,
  });
}
