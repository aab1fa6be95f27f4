import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  announcementCreateSchema,
  announcementListQuerySchema,
  announcementListResponseSchema,
  announcementResponseSchema,
  systemAlertCreateSchema,
} from '../../../contract/announcements.schema';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import { memberRoles } from '../../auth/club-permissions';
import { type ClubRoute, clubRolesOf } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { categoryScopeOf } from '../players/player-scope';
import { announcementRolesOf } from './announcements.audience';
import type { AdminGuards } from '../modules/admin-guards';
import type { AnnouncementsService } from './announcements.service';

const security = [{ bearerAuth: [] }];
const tags = ['announcements'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * A club's announcements (communications.create to send, .view to read the history) and
 * the super admin's system alerts under /api/admin (issue #13 item 2).
 */
export const announcementsRoutes: FastifyPluginAsyncZod<{
  announcements: AnnouncementsService;
  db: Db;
  clubRoute: ClubRoute;
  guards: AdminGuards;
}> = async (app, { announcements, db, clubRoute, guards }) => {
  app.post(
    '/pla_club_teams/:id/announcements',
    {
      ...clubRoute('communications.create'),
      schema: {
        tags,
        summary:
          'Envía un anuncio a los miembros del club de los roles y categorías elegidos (vacío: todos), sin contar a quien lo envía',
        security,
        params: clubIdParamsSchema,
        body: announcementCreateSchema,
        response: { 201: announcementResponseSchema, 422: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const sender = currentUserOf(request).id;
      const data = await announcements.create(request.params.id, sender, request.body);
      return reply.code(201).send({ success: true, data });
    },
  );

  app.get(
    '/pla_club_teams/:id/announcements',
    {
      ...clubRoute('communications.view'),
      schema: {
        tags,
        summary: 'Los anuncios enviados en el club, los más recientes primero (paginado)',
        security,
        params: clubIdParamsSchema,
        querystring: announcementListQuerySchema,
        response: { 200: announcementListResponseSchema, ...refusals },
      },
    },
    // A trainer, player or guardian reads only what was sent to them (issue #33 item 3).
    async (request) => {
      const clubId = request.params.id;
      const scope = await categoryScopeOf(db, request, 'communications.view');
      const userId = currentUserOf(request).id;
      const held = scope ? (clubRolesOf(request) ?? (await memberRoles(db, userId, clubId))) : [];
      const reader = scope && {
        userId,
        roles: announcementRolesOf(held.map((role) => role.name)),
      };
      return announcements.list(clubId, request.query, reader);
    },
  );

  app.post(
    '/admin/system-alerts',
    {
      ...guards.superAdmin,
      schema: {
        tags,
        summary:
          'Alerta del sistema (solo super admin): a los miembros de un club (club_id) o a todos los usuarios activos',
        security,
        body: systemAlertCreateSchema,
        response: { 201: announcementResponseSchema, 422: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const data = await announcements.createAlert(currentUserOf(request).id, request.body);
      return reply.code(201).send({ success: true, data });
    },
  );

  app.get(
    '/admin/system-alerts',
    {
      ...guards.superAdmin,
      schema: {
        tags,
        summary: 'Las alertas del sistema enviadas, las más recientes primero (solo super admin)',
        security,
        querystring: announcementListQuerySchema,
        response: { 200: announcementListResponseSchema, ...refusals },
      },
    },
    async (request) => announcements.listAlerts(request.query),
  );
};
