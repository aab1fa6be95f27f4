import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { authResponseSchema, messageResponseSchema } from '../../../contract/auth.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import {
  clubInvitationListResponseSchema,
  invitationAcceptRequestSchema,
  invitationCreateSchema,
  invitationCreatedResponseSchema,
  invitationMessages,
  invitationParamsSchema,
  publicInvitationResponseSchema,
  tokenParamsSchema,
} from '../../../contract/invitations.schema';
import { SETTINGS_MANAGE } from '../../../contract/users.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import { rateLimitFor, registerRateLimit } from '../../lib/rate-limits';
import type { InvitationsService } from './invitations.service';

const security = [{ bearerAuth: [] }];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * Invitations (issue #4): the club sends, lists and revokes them (settings.manage); the
 * invitee reads, accepts or rejects one on the public /invitation/{token} page.
 */
export const invitationsRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  clubRoute: ClubRoute;
  optionalUser: preHandlerAsyncHookHandler;
}> = async (app, { invitations, clubRoute, optionalUser }) => {
  // Accepting may create an account (a password hash): limited per IP like registering.
  await registerRateLimit(app);

  app.post(
    '/pla_club_teams/:id/invitations',
    {
      ...clubRoute(SETTINGS_MANAGE),
      schema: {
        tags: ['invitations'],
        summary: 'Invita por correo a una persona a unirse al club con un rol',
        security,
        params: clubIdParamsSchema,
        body: invitationCreateSchema,
        response: { 201: invitationCreatedResponseSchema, 422: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await invitations.create(request.params.id, currentUserOf(request), request.body),
      }),
  );

  app.get(
    '/pla_club_teams/:id/invitations',
    {
      ...clubRoute(SETTINGS_MANAGE),
      schema: {
        tags: ['invitations'],
        summary: 'Las invitaciones pendientes y vigentes del club, la más reciente primero',
        security,
        params: clubIdParamsSchema,
        response: { 200: clubInvitationListResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await invitations.listPending(request.params.id) }),
  );

  app.delete(
    '/pla_club_teams/:id/invitations/:invitationId',
    {
      ...clubRoute(SETTINGS_MANAGE),
      schema: {
        tags: ['invitations'],
        summary: 'Anula una invitación pendiente',
        security,
        params: invitationParamsSchema,
        response: { 204: z.null().describe('Sin contenido'), 422: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await invitations.revoke(request.params.id, request.params.invitationId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/invitations/:token',
    {
      config: { secretParams: ['token'] },
      schema: {
        tags: ['invitations'],
        summary: 'Una invitación vista por quien la recibió (público)',
        params: tokenParamsSchema,
        response: { 200: publicInvitationResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await invitations.getPublic(request.params.token) }),
  );

  app.post(
    '/invitations/:token/accept',
    {
      config: { ...rateLimitFor('invitationAccept'), secretParams: ['token'] },
      preHandler: optionalUser,
      schema: {
        tags: ['invitations'],
        summary:
          'Acepta la invitación: con la sesión de la persona invitada, o creando su cuenta si el correo no tiene una',
        params: tokenParamsSchema,
        body: invitationAcceptRequestSchema,
        response: {
          200: authResponseSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request) => invitations.accept(request.params.token, request.currentUser, request.body),
  );

  app.post(
    '/invitations/:token/reject',
    {
      config: { secretParams: ['token'] },
      schema: {
        tags: ['invitations'],
        summary: 'Rechaza la invitación (público)',
        params: tokenParamsSchema,
        response: {
          200: messageResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      await invitations.reject(request.params.token);
      return { message: invitationMessages.rejected };
    },
  );
};
