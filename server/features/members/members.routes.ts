import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import {
  memberListQuerySchema,
  memberListResponseSchema,
  memberParamsSchema,
  memberResponseSchema,
  memberRolesRequestSchema,
} from '../../../contract/members.schema';
import { SETTINGS_MANAGE } from '../../../contract/users.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { MembersService } from './members.service';
import { addListExport } from '../../lib/list-export';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../db/client';
import { memberExportColumns } from './members.export';

const security = [{ bearerAuth: [] }];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** A club's members and their roles (issue #4): all of it requires settings.manage in the club. */
export const membersRoutes: FastifyPluginAsyncZod<{
  members: MembersService;
  db: Db;
  clock: Clock;
  clubRoute: ClubRoute;
}> = async (app, { members, db, clock, clubRoute }) => {
  app.get(
    '/pla_club_teams/:id/members',
    {
      ...clubRoute(SETTINGS_MANAGE),
      schema: {
        tags: ['members'],
        summary: 'Las personas del club con sus roles en él (paginado, búsqueda, filtro por rol)',
        security,
        params: clubIdParamsSchema,
        querystring: memberListQuerySchema,
        response: { 200: memberListResponseSchema, ...refusals },
      },
    },
    async (request) => members.list(request.params.id, request.query),
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/pla_club_teams/:id/members',
      guard: clubRoute(SETTINGS_MANAGE),
      tags: ['members'],
      summary: 'Exporta las personas del club con sus roles (filtro y búsqueda de la lista)',
      params: clubIdParamsSchema,
      querystring: memberListQuerySchema,
      fileName: 'miembros',
      sheet: 'Miembros',
      columns: memberExportColumns,
      read: (query, request) => members.list(request.params.id, query),
    },
  );

  app.put(
    '/pla_club_teams/:id/members/:userId/roles',
    {
      ...clubRoute(SETTINGS_MANAGE),
      schema: {
        tags: ['members'],
        summary: 'Los roles de la persona en este club pasan a ser exactamente estos',
        security,
        params: memberParamsSchema,
        body: memberRolesRequestSchema,
        response: { 200: memberResponseSchema, 422: apiErrorSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await members.setRoles(
        request.params.id,
        request.params.userId,
        request.body,
        currentUserOf(request).id,
      ),
    }),
  );
};
