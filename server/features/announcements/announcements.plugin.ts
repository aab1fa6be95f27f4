import type { FeaturePlugin } from '../../app-deps';
import { createNotifier } from '../notifications/notify';
import { announcementsRoutes } from './announcements.routes';
import { createAnnouncementsService } from './announcements.service';

/** A club's announcements (communications.*) and the super admin's system alerts (issue #13). */
export const announcementsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox, config } = deps;
  const notifier = createNotifier({ clock, outbox, appUrl: config.appUrl });
  app.register(announcementsRoutes, {
    announcements: createAnnouncementsService({ db, clock, notifier }),
    db,
    clubRoute: deps.clubRoute,
    guards: deps.adminGuards,
  });
};
