import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { createOptionalUser } from './auth/optional-user';
import type { ClubRoute } from './auth/require-club-permission';
import type { TokenService } from './auth/tokens';
import type { Db } from './db/client';
import { invitationsRoutes } from './features/invitations/invitations.routes';
import { createInvitationsService } from './features/invitations/invitations.service';
import { parentChildrenRoutes } from './features/parents/parent-children.routes';
import { parentsRoutes } from './features/parents/parents.routes';
import type { Clock } from './lib/clock';
import type { MailOutbox } from './mail/outbox';

/**
 * Invitations and families (issues #4 and #15): the club's invitations and their public
 * page, and under /api/parents/… a guardian's children with their summary, guardian
 * invitations and registration with the data-processing consent, the authorisation of
 * links and the photo consent; registered by server/app.ts. The /api/parents routes are
 * not under a club path: each checks the club it acts in itself (membership and
 * permission, or the caller's own authorised link) and answers 404 for a child that is
 * not the caller's.
 */
export function registerFamilyRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    tokens: TokenService;
    outbox: MailOutbox;
    appUrl: string;
    clubRoute: ClubRoute;
    requireUser: preHandlerAsyncHookHandler;
  },
) {
  const { db, clock, requireUser } = deps;
  const optionalUser = createOptionalUser(requireUser);
  const invitations = createInvitationsService(deps);
  app.register(invitationsRoutes, {
    prefix: '/api',
    invitations,
    clubRoute: deps.clubRoute,
    optionalUser,
  });
  app.register(parentsRoutes, { prefix: '/api', ...deps, invitations, optionalUser });
  app.register(parentChildrenRoutes, { prefix: '/api', db, clock, requireUser });
}
