import type { FeaturePlugin } from '../../app-deps';
import { createCallUpNotices } from '../notifications/call-up-notices';
import { createNotifier } from '../notifications/notify';
import { callUpsRoutes } from './call-ups.routes';
import { createCallUpsService } from './call-ups.service';

/** A session's call-ups (issue #14); calling players up tells the families (issue #13). */
export const callUpsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, clubRoute, outbox, config } = deps;
  const notifier = createNotifier({ clock, outbox, appUrl: config.appUrl });
  app.register(callUpsRoutes, {
    callUps: createCallUpsService({
      db,
      clock,
      notices: createCallUpNotices({ notifier, clock, log: app.log }),
    }),
    clubRoute,
  });
};
