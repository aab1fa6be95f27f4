import type { FeaturePlugin } from '../../app-deps';
import { invitationsRoutes } from './invitations.routes';
import { createInvitationsService } from './invitations.service';

/** The club's invitations and their public page (issue #4). */
export const invitationsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, tokens, outbox, config } = deps;
  app.register(invitationsRoutes, {
    invitations: createInvitationsService({ db, clock, tokens, outbox, appUrl: config.appUrl }),
    clubRoute: deps.clubRoute,
    optionalUser: deps.optionalUser,
  });
};
