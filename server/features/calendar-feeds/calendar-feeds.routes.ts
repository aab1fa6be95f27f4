import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  FEED_FUTURE_DAYS,
  FEED_PAST_DAYS,
  calendarFeedCreateSchema,
  calendarFeedCreatedSchema,
  calendarFeedListResponseSchema,
  calendarFeedParamsSchema,
  publicCalendarFeedParamsSchema,
} from '../../../contract/calendar-feeds.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { rateLimitFor, registerRateLimit } from '../../lib/rate-limits';
import { sessionAccessOf } from '../sessions/session-scope';
import type { CalendarFeedsService } from './calendar-feeds.service';

const security = [{ bearerAuth: [] }];
const tags = ['sessions'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * Calendar feeds (issue #14): each person's secret ICS URLs in a club (sessions.view; a
 * person sees and revokes only their own) and the public feed behind such a URL (no
 * session, limited per IP).
 */
export const calendarFeedsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  feeds: CalendarFeedsService;
  clubRoute: ClubRoute;
}> = async (app, { db, feeds, clubRoute }) => {
  await registerRateLimit(app);
  const owner = (request: FastifyRequest) => ({
    clubId: (request.params as { id: number }).id,
    userId: currentUserOf(request).id,
  });

  app.post(
    '/pla_club_teams/:id/calendar-feeds',
    {
      ...clubRoute('sessions.view'),
      schema: {
        tags,
        summary: 'Crea una URL secreta de calendario (ICS) de una categoría o de la propia persona',
        description:
          "kind 'category' con category_id: las sesiones de esa categoría (que quien la pide pueda ver) y las de todo el club; kind 'person': todo lo que la persona ve (su categoría como jugador, las de sus hijos, las que entrena y las de todo el club). La URL lleva un token aleatorio de 32 bytes que solo aparece en esta respuesta (se guarda su sha256); webcal_url la abre como suscripción en un teléfono. 422 en category_id si la categoría no es del club o no se puede ver.",
        security,
        params: clubIdParamsSchema,
        body: calendarFeedCreateSchema,
        response: { 201: calendarFeedCreatedSchema, 422: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const access = await sessionAccessOf(db, request);
      return reply.code(201).send(await feeds.create(owner(request), request.body, access));
    },
  );

  app.get(
    '/pla_club_teams/:id/calendar-feeds',
    {
      ...clubRoute('sessions.view'),
      schema: {
        tags,
        summary: 'Las URL de calendario de quien consulta en este club, la más reciente primero',
        description: 'Nunca muestra la URL: solo se guarda el sha256 de su token.',
        security,
        params: clubIdParamsSchema,
        response: { 200: calendarFeedListResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await feeds.list(owner(request)) }),
  );

  app.delete(
    '/pla_club_teams/:id/calendar-feeds/:feedId',
    {
      ...clubRoute('sessions.view'),
      schema: {
        tags,
        summary: 'Revoca una URL de calendario propia (revocarla de nuevo no cambia nada)',
        description: '404 si no existe o es de otra persona.',
        security,
        params: calendarFeedParamsSchema,
        response: { 204: z.null().describe('Sin contenido'), ...refusals },
      },
    },
    async (request, reply) => {
      await feeds.revoke(owner(request), request.params.feedId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/calendar-feeds/:token.ics',
    {
      // The token is the feed: the request log prints the route with it masked.
      config: { ...rateLimitFor('calendarFeed'), secretParams: ['token'] },
      schema: {
        tags,
        summary: 'Un calendario suscrito por URL secreta (público, sin sesión), en formato ICS',
        description: `Responde text/calendar (RFC 5545): las sesiones de los últimos ${FEED_PAST_DAYS} días y de los próximos ${FEED_FUTURE_DAYS}, cada una con UID estable y SEQUENCE creciente; las canceladas con STATUS:CANCELLED. 404 'Calendario no encontrado' si el token no existe, fue revocado o su persona ya no está en el club.`,
        params: publicCalendarFeedParamsSchema,
        response: {
          200: z.string().describe('text/calendar'),
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = await feeds.read(request.params.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="calendario.ics"')
        .send(body);
    },
  );
};
