import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  categoryAssignmentResponseSchema,
  categoryAssignmentSchema,
  categoryParamsSchema,
} from '../../../contract/categories.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import { statusChangeSchema } from '../../../contract/people.schema';
import {
  playerCreateSchema,
  playerListQuerySchema,
  playerListResponseSchema,
  playerParamsSchema,
  playerResponseSchema,
  playerUpdateSchema,
} from '../../../contract/players.schema';
import {
  linkRequestCreatedResponseSchema,
  linkRequestMessages,
} from '../../../contract/link-requests.schema';
import { takeClubRead } from '../../auth/club-session';
import type { ClubPermission, ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { fastSerializer } from '../../lib/fast-serializer';
import { addListExport } from '../../lib/list-export';
import { playerExportColumns, withClubFields } from './players.export';
import { categoryScopeOf } from './player-scope';
import { type PlayerPageRow, playersListRead } from './players-list';
import type { PlayersService } from './players.service';

const security = [{ bearerAuth: [] }];
const tags = ['players'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const writeRefusals = { ...refusals, 409: apiErrorSchema, 422: apiErrorSchema };

/**
 * A club's players (issue #11), each behind its players.* permission in the club (a trainer's:
 * their categories); the list reads through `reads` (`DbHandle.preparedByText`).
 */
export const playersRoutes: FastifyPluginAsyncZod<{
  players: PlayersService;
  db: Db;
  reads: Db;
  clock: Clock;
  clubRoute: ClubRoute;
}> = async (app, { players, db, reads, clock, clubRoute }) => {
  /** The caller's scope for the route's permission in the club of the URL. */
  const scopeOf = (
    request: FastifyRequest<{ Params: { id: number } }>,
    permission: ClubPermission,
  ) => categoryScopeOf(db, request, permission);

  app.get(
    '/pla_club_teams/:id/players',
    {
      ...clubRoute('players.view', playersListRead(reads)), // staff's first screen, with the session
      schema: {
        tags,
        summary:
          'Los jugadores del club (paginado, orden, búsqueda, filtros por categoría, estado, género y año de nacimiento); un entrenador ve los de sus categorías',
        security,
        params: clubIdParamsSchema,
        querystring: playerListQuerySchema,
        response: { 200: playerListResponseSchema, ...refusals },
      },
      serializerCompiler: fastSerializer,
    },
    async (request) => {
      const scope = await scopeOf(request, 'players.view');
      const read = takeClubRead<PlayerPageRow>(request, request.params.id, scope === undefined);
      return players.list(request.params.id, request.query, scope, read);
    },
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/pla_club_teams/:id/players',
      guard: clubRoute('players.view'),
      tags,
      summary:
        'Exporta los jugadores de la lista (filtros, búsqueda y orden) con las columnas que lee la importación',
      params: clubIdParamsSchema,
      querystring: playerListQuerySchema,
      fileName: 'jugadores',
      sheet: 'Jugadores',
      columns: playerExportColumns,
      read: async (query, request) => {
        const page = await players.list(
          request.params.id,
          query,
          await scopeOf(request, 'players.view'),
        );
        return { ...page, data: await withClubFields(db, request.params.id, page.data) };
      },
    },
  );

  app.post(
    '/pla_club_teams/:id/players',
    {
      ...clubRoute('players.create'),
      schema: {
        tags,
        summary:
          'Agrega un jugador: crea la persona o vincula la existente (link_existing), le da el rol Jugador y guarda sus datos en el club; si la persona tiene cuenta o está en otro club, le envía una solicitud (202)',
        security,
        params: clubIdParamsSchema,
        body: playerCreateSchema,
        response: {
          201: playerResponseSchema,
          202: linkRequestCreatedResponseSchema,
          ...writeRefusals,
        },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request, 'players.create');
      const caller = currentUserOf(request).id;
      const outcome = await players.create(request.params.id, caller, request.body, scope);
      if ('requested' in outcome) {
        return reply.code(202).send({ data: outcome.requested, message: linkRequestMessages.sent });
      }
      return reply.code(201).send({ data: outcome.linked });
    },
  );

  app.get(
    '/pla_club_teams/:id/players/:playerId',
    {
      ...clubRoute('players.view'),
      schema: {
        tags,
        summary: 'Un jugador del club con todos sus datos',
        security,
        params: playerParamsSchema,
        response: { 200: playerResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await players.get(
        request.params.id,
        request.params.playerId,
        await scopeOf(request, 'players.view'),
      ),
    }),
  );

  app.patch(
    '/pla_club_teams/:id/players/:playerId',
    {
      ...clubRoute('players.update'),
      schema: {
        tags,
        summary:
          'Cambia los campos enviados de un jugador (los datos personales solo mientras la persona no tiene cuenta)',
        security,
        params: playerParamsSchema,
        body: playerUpdateSchema,
        response: { 200: playerResponseSchema, ...writeRefusals },
      },
    },
    async (request) => ({
      data: await players.update(
        request.params.id,
        request.params.playerId,
        request.body,
        await scopeOf(request, 'players.update'),
      ),
    }),
  );

  app.patch(
    '/pla_club_teams/:id/players/:playerId/status',
    {
      ...clubRoute('players.update'),
      schema: {
        tags,
        summary: 'Activa o inactiva a un jugador del club',
        security,
        params: playerParamsSchema,
        body: statusChangeSchema,
        // 409 plan_limit: activating one more player than the club's plan allows.
        response: { 200: playerResponseSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await players.setStatus(
        request.params.id,
        request.params.playerId,
        request.body.status,
        await scopeOf(request, 'players.update'),
      ),
    }),
  );

  app.delete(
    '/pla_club_teams/:id/players/:playerId',
    {
      ...clubRoute('players.delete'),
      schema: {
        tags,
        summary:
          'El jugador deja el club: pierde el rol Jugador y su ficha queda inactiva (su historial se conserva)',
        security,
        params: playerParamsSchema,
        response: { 204: z.null().describe('Sin contenido'), ...refusals },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request, 'players.delete');
      await players.remove(request.params.id, request.params.playerId, scope);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/pla_club_teams/:id/categories/:categoryId/players',
    {
      ...clubRoute('categories.update'),
      schema: {
        tags: ['categories'],
        summary:
          'Agrega jugadores a una categoría (salen de la anterior) y quita otros; responde solo los que cambiaron',
        security,
        params: categoryParamsSchema,
        body: categoryAssignmentSchema,
        response: { 200: categoryAssignmentResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await players.assignToCategory(
        request.params.id,
        request.params.categoryId,
        request.body,
      ),
    }),
  );
};
