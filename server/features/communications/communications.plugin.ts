import type { FeaturePlugin } from '../../app-deps';
import { createNotifier } from '../notifications/notify';
import { communicationsRoutes } from './communications.routes';
import { createCommunicationsService } from './communications.service';

/** Panel Super Admin's communications to clubs and users (issue #17). */
export const communicationsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox, config, superAdmin } = deps;
  const notifier = createNotifier({ clock, outbox, appUrl: config.appUrl });
  app.register(communicationsRoutes, {
    communications: createCommunicationsService({ db, clock, notifier }),
    db,
    clock,
    superAdmin,
  });
};
