import type { FeaturePlugin } from '../../app-deps';
import { workingClubSession } from '../../auth/working-club';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

/**
 * The signed-in user's notification centre and e-mail preferences (issue #13), under
 * /api/notifications behind the session.
 */
export const notificationsPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(notificationsRoutes, {
    notifications: createNotificationsService({ db: deps.db, clock: deps.clock }),
    requireUser: deps.requireUser,
    workingClub: workingClubSession(deps.db),
  });
};
