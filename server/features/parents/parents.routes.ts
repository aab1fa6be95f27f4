import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { authResponseSchema } from '../../../contract/auth.schema';
import {
  coGuardianInviteResponseSchema,
  coGuardianInviteSchema,
} from '../../../contract/co-guardians.schema';
import { tokenParamsSchema } from '../../../contract/invitations.schema';
import {
  childParamsSchema,
  guardianAuthorizeSchema,
  guardianInviteResponseSchema,
  guardianInviteSchema,
  guardianRegisterSchema,
  parentMessages,
  photoConsentResponseSchema,
  photoConsentSchema,
  playerGuardianListResponseSchema,
  playerGuardianResponseSchema,
} from '../../../contract/parents.schema';
import { playerParamsSchema } from '../../../contract/players.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { TokenService } from '../../auth/tokens';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { rateLimitFor, registerRateLimit } from '../../lib/rate-limits';
import type { MailOutbox } from '../../mail/outbox';
import type { InvitationsService } from '../invitations/invitations.service';
import { categoryScopeOf } from '../players/player-scope';
import { assertPlayer } from '../players/players.queries';
import { inviteCoGuardian } from './co-guardians';
import { decideGuardianLink, guardiansOfPlayer } from './guardian-links';
import { inviteGuardians } from './guardian-invitations';
import { registerGuardian } from './guardian-registration';
import { setPhotoConsent } from './photo-consents';

const security = [{ bearerAuth: [] }];
const tags = ['parents'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const writeRefusals = {
  ...refusals,
  409: apiErrorSchema,
  422: apiErrorSchema,
  423: apiErrorSchema,
};

/**
 * Families' writes (issue #15): staff invite guardians (and a primary guardian another
 * adult for their own child, issue #34), a guardian registers from the
 * invitation with the data-processing consent, the staff or the primary guardian decide a
 * link, a family gives the photo consent; and the club's list of a player's guardians.
 * The /api/parents routes are outside the club path: each checks the club of its body
 * itself (the club guard's rules, or the caller's own link to the child) and answers 404
 * for a child that is not the caller's. Only the registration is public (the token).
 */
export const parentsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  tokens: TokenService;
  outbox: MailOutbox;
  appUrl: string;
  clubRoute: ClubRoute;
  requireUser: preHandlerAsyncHookHandler;
  optionalUser: preHandlerAsyncHookHandler;
  invitations: InvitationsService;
}> = async (app, { db, clock, clubRoute, requireUser, optionalUser, invitations }) => {
  // Registering may create an account (a password hash): limited per IP like accepting.
  await registerRateLimit(app);
  // Auth before validation: an anonymous caller gets 401, not a list of field errors.
  const signedIn = { onRequest: requireUser };

  app.post(
    '/parents/invite',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Invita a los acudientes de jugadores del club (players.update): con email una invitación para todos, sin él una por cada correo de acudiente de los jugadores',
        security,
        body: guardianInviteSchema,
        response: { 200: guardianInviteResponseSchema, ...writeRefusals },
      },
    },
    async (request) => ({
      data: await inviteGuardians(
        { db, clock, invitations },
        currentUserOf(request),
        request.body,
        request.ip,
      ),
    }),
  );

  app.post(
    '/parents/register/:token',
    {
      config: { ...rateLimitFor('invitationAccept'), secretParams: ['token'] },
      preHandler: optionalUser,
      schema: {
        tags,
        summary:
          'Acepta una invitación de acudiente con la autorización de tratamiento de datos: crea la cuenta (o con la sesión de la persona invitada) y vincula a los hijos (público)',
        params: tokenParamsSchema,
        body: guardianRegisterSchema,
        response: { 200: authResponseSchema, 429: apiErrorSchema, ...writeRefusals },
      },
    },
    async (request) =>
      registerGuardian(invitations, request.params.token, request.currentUser, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );

  app.put(
    '/parents/child/:id/authorize',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Autoriza o niega el vínculo de un acudiente con un jugador (el personal con players.update o el acudiente principal)',
        security,
        params: childParamsSchema,
        body: guardianAuthorizeSchema,
        response: { 200: playerGuardianResponseSchema, ...writeRefusals },
      },
    },
    async (request) => {
      const data = await decideGuardianLink(
        { db, clock },
        currentUserOf(request),
        request.params.id,
        request.body,
        request.ip,
      );
      const message =
        data.status === 'authorized' ? parentMessages.authorized : parentMessages.denied;
      return { data, message };
    },
  );

  app.post(
    '/parents/child/:id/invite-guardian',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Invita a otro adulto como acudiente del hijo (solo el acudiente principal autorizado); queda vinculado cuando acepta la invitación',
        security,
        params: childParamsSchema,
        body: coGuardianInviteSchema,
        response: { 200: coGuardianInviteResponseSchema, ...writeRefusals },
      },
    },
    async (request) =>
      inviteCoGuardian(
        { db, clock, invitations },
        currentUserOf(request),
        request.params.id,
        request.body,
        request.ip,
      ),
  );

  app.put(
    '/parents/child/:id/photo-consent',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Da o retira la autorización de fotografías de un canal (el acudiente autorizado o el jugador adulto)',
        security,
        params: childParamsSchema,
        body: photoConsentSchema,
        response: { 200: photoConsentResponseSchema, ...writeRefusals },
      },
    },
    async (request) => ({
      data: await setPhotoConsent(
        { db, clock },
        currentUserOf(request),
        request.params.id,
        request.body,
        request.ip,
      ),
      message: parentMessages.photoConsentSaved,
    }),
  );

  app.get(
    '/pla_club_teams/:id/players/:playerId/guardians',
    {
      ...clubRoute('players.view'),
      schema: {
        tags: ['players'],
        summary: 'Los acudientes de un jugador del club con el estado de su vínculo',
        security,
        params: playerParamsSchema,
        response: { 200: playerGuardianListResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { id: clubId, playerId } = request.params;
      // Whom the caller sees, as the player's detail: a trainer only their categories.
      await assertPlayer(db, clubId, playerId, await categoryScopeOf(db, request, 'players.view'));
      return { data: await guardiansOfPlayer(db, clubId, playerId) };
    },
  );
};
