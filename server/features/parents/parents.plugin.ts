import type { FeaturePlugin } from '../../app-deps';
import { createInvitationsService } from '../invitations/invitations.service';
import { parentChildrenRoutes } from './parent-children.routes';
import { createParentChildrenService } from './parent-children.service';
import { parentsRoutes } from './parents.routes';

/**
 * Families (issue #15), under /api/parents/…: a guardian's children with their summary,
 * guardian invitations and registration with the data-processing consent, the
 * authorisation of links and the photo consent. These routes are not under a club path:
 * each checks the club it acts in itself (membership and permission, or the caller's own
 * authorised link) and answers 404 for a child that is not the caller's.
 */
export const parentsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, tokens, outbox, config, clubRoute, requireUser, optionalUser } = deps;
  const appUrl = config.appUrl;
  app.register(parentsRoutes, {
    db,
    clock,
    tokens,
    outbox,
    appUrl,
    clubRoute,
    requireUser,
    optionalUser,
    invitations: createInvitationsService({ db, clock, tokens, outbox, appUrl }),
  });
  app.register(parentChildrenRoutes, {
    children: createParentChildrenService({ db, clock }),
    requireUser,
  });
};
