import type { FeaturePlugin } from '../../app-deps';
import { createNotifier } from '../notifications/notify';
import { createCommunicationDelivery } from './communications.delivery';
import { communicationsRoutes } from './communications.routes';
import { createCommunicationsService } from './communications.service';

/** Panel Super Admin's communications to clubs and users (issue #17). */
export const communicationsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox, config, superAdmin, queue } = deps;
  const notifier = createNotifier({ clock, outbox, appUrl: config.appUrl });
  const delivery = createCommunicationDelivery({ db, clock, notifier });
  app.register(communicationsRoutes, {
    communications: createCommunicationsService({ db, clock, delivery, queue }),
    db,
    clock,
    superAdmin,
  });
};
