import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { userPermissionsSchema, userSchema } from '../../../contract/users.schema';
import { requestedClubId } from '../../auth/working-club';
import { sessionLoad } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { userOf, userPermissionsOf, workingContext } from './users.service';

/**
 * The signed-in user and their permissions in the club they work in: server/auth/working-club.ts
 * (`X-Club-Id`, else their current club, else their first membership). The session call
 * is the hottest of the API: `requireUser` checks the user row and the token's deny-list
 * that the working context reads anyway (`sessionLoad`) instead of reading them on its
 * own, in one round trip.
 */
export const usersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { db, requireUser }) => {
  const security = [{ bearerAuth: [] }];
  const session = sessionLoad(
    (request, userId, jti) => workingContext(db, userId, requestedClubId(request), jti),
    { checksRevocation: true },
  );

  app.get(
    '/user',
    {
      preHandler: requireUser,
      config: session.config,
      schema: {
        tags: ['users'],
        summary: 'El usuario autenticado, calculado para su club actual',
        security,
        response: { 200: userSchema, 401: apiErrorSchema },
      },
    },
    async (request) => userOf(db, session.of(request)),
  );

  app.get(
    '/user/permissions',
    {
      preHandler: requireUser,
      config: session.config,
      schema: {
        tags: ['users'],
        summary: 'Roles y permisos del usuario autenticado en su club actual',
        security,
        response: { 200: userPermissionsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => userPermissionsOf(await userOf(db, session.of(request))),
  );
};
