import type { FeaturePlugin } from '../../app-deps';
import { linkRequestsRoutes } from './link-requests.routes';
import { createLinkRequestsService } from './link-requests.service';

/** Requests to link a person already known to another club (`/api/…/link-requests…`). */
export const linkRequestsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox, config, clubRoute, requireUser } = deps;
  app.register(linkRequestsRoutes, {
    linkRequests: createLinkRequestsService({ db, clock, outbox, appUrl: config.appUrl }),
    db,
    clubRoute,
    requireUser,
  });
};
