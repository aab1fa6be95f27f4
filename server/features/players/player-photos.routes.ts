import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { peopleMessages } from '../../../contract/people.schema';
import { playerParamsSchema, playerResponseSchema } from '../../../contract/players.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type PersonPhotos, readPhotoUpload, registerPhotoUploads } from '../profile/person-photos';
import { categoryScopeOf } from './player-scope';
import type { PlayersService } from './players.service';

/**
 * `POST /api/pla_club_teams/{id}/players/{playerId}/photo`: the photo of a player the
 * club added (a child without an account), stored as the profile photos are. A player
 * with an account changes their own (422); a trainer only for players of their categories.
 */
export const playerPhotosRoutes: FastifyPluginAsyncZod<{
  players: PlayersService;
  photos: PersonPhotos;
  db: Db;
  clubRoute: ClubRoute;
}> = async (app, { players, photos, db, clubRoute }) => {
  await registerPhotoUploads(app);
  app.post(
    '/pla_club_teams/:id/players/:playerId/photo',
    {
      ...clubRoute('players.update'),
      schema: {
        tags: ['players'],
        summary:
          'Sube la foto de un jugador sin cuenta que no está en otro club (multipart, campo photo: JPEG, PNG o WebP de hasta 5 MB)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        params: playerParamsSchema,
        response: {
          200: playerResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { id: clubId, playerId } = request.params;
      const scope = await categoryScopeOf(db, request, 'players.update');
      const player = await players.get(clubId, playerId, scope);
      if (!player.identity_editable) throw new AppError(422, peopleMessages.ownProfileOnly);
      await photos.store(playerId, await readPhotoUpload(request));
      return { data: await players.get(clubId, playerId, scope) };
    },
  );
};
