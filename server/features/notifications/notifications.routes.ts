import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  notificationDropdownQuerySchema,
  notificationDropdownResponseSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationMarkAllResponseSchema,
  notificationPreferencesRequestSchema,
  notificationPreferencesResponseSchema,
  notificationRemovedResponseSchema,
  notificationResponseSchema,
  notificationStatsResponseSchema,
  notificationUnreadCountResponseSchema,
} from '../../../contract/notifications.schema';
import { currentUserOf } from '../../auth/require-user';
import type { workingClubSession } from '../../auth/working-club';
import type { NotificationCaller, NotificationsService } from './notifications.service';

const security = [{ bearerAuth: [] }];
const tags = ['notifications'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const withNotFound = { ...errors, 404: apiErrorSchema };

/**
 * The signed-in user's notifications (SPEC §7, issue #13), not under a club path: lists
 * and counts of the working club (`X-Club-Id`, else the current club, else the first
 * membership) plus platform-wide ones; actions on one of the user's own by id.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  requireUser: preHandlerAsyncHookHandler;
  /** requireUser's check and the working club in one statement (server/auth/working-club.ts). */
  workingClub: ReturnType<typeof workingClubSession>;
}> = async (app, { notifications, requireUser, workingClub }) => {
  const callerOf = (request: FastifyRequest): NotificationCaller => ({
    userId: currentUserOf(request).id,
    clubId: workingClub.of(request).clubId,
  });
  // Auth before validation: an anonymous caller gets 401, not a list of field errors.
  const onRequest = requireUser;

  app.get(
    '/notifications',
    {
      onRequest,
      config: workingClub.config,
      schema: {
        tags,
        security,
        summary:
          'Las notificaciones del usuario (club de trabajo y de la plataforma), recientes primero',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.list(callerOf(request), request.query),
    }),
  );

  app.get(
    '/notifications/stats',
    {
      onRequest,
      config: workingClub.config,
      schema: {
        tags,
        security,
        summary:
          'Totales del centro: total, unread (sin leer), high_priority (sin leer de prioridad urgent o high), recent (creadas en las últimas 24 h); sin las archivadas',
        response: { 200: notificationStatsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.stats(callerOf(request)),
    }),
  );

  app.get(
    '/notifications/dropdown',
    {
      onRequest,
      config: workingClub.config,
      schema: {
        tags,
        security,
        summary: 'Las últimas notificaciones para la campana y cuántas hay sin leer',
        querystring: notificationDropdownQuerySchema,
        response: { 200: notificationDropdownResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await notifications.dropdown(callerOf(request), request.query.limit)),
    }),
  );

  app.get(
    '/notifications/unread-count',
    {
      onRequest,
      config: workingClub.config,
      schema: {
        tags,
        security,
        summary: 'Cuántas notificaciones sin leer tiene el usuario (índice parcial)',
        response: { 200: notificationUnreadCountResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: { count: await notifications.unreadCount(callerOf(request)) },
    }),
  );

  app.patch(
    '/notifications/mark-all-read',
    {
      onRequest,
      config: workingClub.config,
      schema: {
        tags,
        security,
        summary: 'Marca como leídas todas las notificaciones sin leer de la lista',
        response: { 200: notificationMarkAllResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: { updated_count: await notifications.markAllRead(callerOf(request)) },
    }),
  );

  app.patch(
    '/notifications/:id/read',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Marca una notificación como leída (read_at queda con la primera lectura)',
        params: notificationIdParamsSchema,
        response: { 200: notificationResponseSchema, ...withNotFound },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.markRead(currentUserOf(request).id, request.params.id),
    }),
  );

  app.patch(
    '/notifications/:id/archive',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Archiva una notificación: deja de aparecer en las listas y los totales',
        params: notificationIdParamsSchema,
        response: { 200: notificationRemovedResponseSchema, ...withNotFound },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.archive(currentUserOf(request).id, request.params.id),
    }),
  );

  app.delete(
    '/notifications/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Elimina una notificación',
        params: notificationIdParamsSchema,
        response: { 200: notificationRemovedResponseSchema, ...withNotFound },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.remove(currentUserOf(request).id, request.params.id),
    }),
  );

  app.get(
    '/notifications/preferences',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Qué tipos de notificación llegan también por correo (con los valores por defecto)',
        response: { 200: notificationPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: { email: await notifications.preferences(currentUserOf(request).id) },
    }),
  );

  app.put(
    '/notifications/preferences',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Cambia qué tipos llegan también por correo ({ email: { tipo: boolean } })',
        body: notificationPreferencesRequestSchema,
        response: { 200: notificationPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        email: await notifications.setPreferences(currentUserOf(request).id, request.body),
      },
    }),
  );
};
