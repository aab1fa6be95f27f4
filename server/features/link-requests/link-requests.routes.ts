import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import {
  type LinkRequestKind,
  clubLinkRequestListResponseSchema,
  incomingLinkRequestListResponseSchema,
  incomingLinkRequestResponseSchema,
  linkRequestAcceptRequestSchema,
  linkRequestAnswerResponseSchema,
  linkRequestCreatedResponseSchema,
  linkRequestMessages,
  linkRequestParamsSchema,
  linkRequestTokenParamsSchema,
  myLinkRequestParamsSchema,
} from '../../../contract/link-requests.schema';
import { type ClubRoute, clubPermissionRefusal } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { rateLimitFor, registerRateLimit } from '../../lib/rate-limits';
import type { LinkRequestsService } from './link-requests.service';
import type { Answer } from './link-request.answer';

const security = [{ bearerAuth: [] }];
const tags = ['link-requests'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const answerRefusals = { ...refusals, 409: apiErrorSchema, 422: apiErrorSchema };

/** The answer's body (accept only) and where it came from (kept with the consent). */
/** A decline has no body: whatever was sent is ignored (the accept's is validated by its schema). */
const answerInput = (request: FastifyRequest<{ Body: unknown }>, answer: Answer) => ({
  body: linkRequestAcceptRequestSchema.parse(answer === 'accept' ? (request.body ?? {}) : {}),
  origin: { ip: request.ip, userAgent: request.headers['user-agent'] },
});

/**
 * Link requests (issue #33 item 1). The club's list and withdrawal require players.create
 * (the guard); trainer requests are included only for a caller who also holds
 * trainers.create in the club. The recipient's routes need a session (and a recipient:
 * 404 otherwise); the e-mailed link's routes are public, limited per IP.
 */
export const linkRequestsRoutes: FastifyPluginAsyncZod<{
  linkRequests: LinkRequestsService;
  db: Db;
  clubRoute: ClubRoute;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { linkRequests, db, clubRoute, requireUser }) => {
  await registerRateLimit(app);
  const signedIn = { onRequest: requireUser };

  /** The kinds of request the caller may see in the club (players.create already checked). */
  const kindsOf = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const kinds: LinkRequestKind[] = ['player'];
    const refusal = await clubPermissionRefusal(
      db,
      currentUserOf(request),
      request.params.id,
      'trainers.create',
    );
    if (!refusal) kinds.push('trainer');
    return kinds;
  };

  app.get(
    '/pla_club_teams/:id/link-requests',
    {
      ...clubRoute('players.create'),
      schema: {
        tags,
        summary:
          'Las solicitudes de vinculación que envió el club (lo que el club escribió, nunca los datos de la persona), las más nuevas primero',
        security,
        params: clubIdParamsSchema,
        response: { 200: clubLinkRequestListResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await linkRequests.listForClub(request.params.id, await kindsOf(request)),
    }),
  );

  app.delete(
    '/pla_club_teams/:id/link-requests/:requestId',
    {
      ...clubRoute('players.create'),
      schema: {
        tags,
        summary: 'El club retira una solicitud de vinculación pendiente',
        security,
        params: linkRequestParamsSchema,
        response: { 200: linkRequestCreatedResponseSchema, ...answerRefusals },
      },
    },
    async (request) => ({
      data: await linkRequests.cancel(
        request.params.id,
        request.params.requestId,
        await kindsOf(request),
      ),
      message: linkRequestMessages.cancelled,
    }),
  );

  app.get(
    '/link-requests',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Las solicitudes pendientes que puedo responder: para mí o para un menor del que soy acudiente autorizado',
        security,
        response: { 200: incomingLinkRequestListResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await linkRequests.listMine(currentUserOf(request).id) }),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/link-requests/:requestId/${answer}`,
      {
        ...signedIn,
        schema: {
          tags,
          summary:
            answer === 'accept'
              ? 'Acepta una solicitud de vinculación (quien la recibió)'
              : 'Rechaza una solicitud de vinculación (quien la recibió)',
          security,
          params: myLinkRequestParamsSchema,
          ...(answer === 'accept' ? { body: linkRequestAcceptRequestSchema } : {}),
          response: { 200: linkRequestAnswerResponseSchema, ...answerRefusals },
        },
      },
      async (request) =>
        linkRequests.answerMine(
          currentUserOf(request).id,
          request.params.requestId,
          answer,
          answerInput(request, answer),
        ),
    );

    app.post(
      `/link-requests/by-token/:token/${answer}`,
      {
        config: rateLimitFor('invitationAccept'),
        schema: {
          tags,
          summary:
            answer === 'accept'
              ? 'Acepta la solicitud desde el enlace del correo (público, un solo uso)'
              : 'Rechaza la solicitud desde el enlace del correo (público, un solo uso)',
          params: linkRequestTokenParamsSchema,
          ...(answer === 'accept' ? { body: linkRequestAcceptRequestSchema } : {}),
          response: {
            200: linkRequestAnswerResponseSchema,
            400: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            422: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request) =>
        linkRequests.answerByToken(request.params.token, answer, answerInput(request, answer)),
    );
  }

  app.get(
    '/link-requests/by-token/:token',
    {
      config: rateLimitFor('invitationAccept'),
      schema: {
        tags,
        summary: 'La solicitud vista desde el enlace del correo (público)',
        params: linkRequestTokenParamsSchema,
        response: {
          200: incomingLinkRequestResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({ data: await linkRequests.getByToken(request.params.token) }),
  );
};
