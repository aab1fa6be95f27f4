import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { userPermissionsSchema, userSchema } from '../../../contract/users.schema';
import { requestedClubId } from '../../auth/working-club';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { loadUser, loadUserPermissions } from './users.service';

/**
 * The signed-in user and their permissions in the club they work in: server/auth/working-club.ts
 * (`X-Club-Id`, else their current club, else their first membership).
 */
export const usersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { db, requireUser }) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary: 'El usuario autenticado, calculado para su club actual',
        security,
        response: { 200: userSchema, 401: apiErrorSchema },
      },
    },
    async (request) => loadUser(db, currentUserOf(request).id, requestedClubId(request)),
  );

  app.get(
    '/user/permissions',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary: 'Roles y permisos del usuario autenticado en su club actual',
        security,
        response: { 200: userPermissionsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => loadUserPermissions(db, currentUserOf(request).id, requestedClubId(request)),
  );
};
