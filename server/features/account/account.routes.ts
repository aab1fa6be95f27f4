import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  accountClubParamsSchema,
  accountDeleteSchema,
  accountMessageSchema,
  accountMessages,
  accountResponseSchema,
  emailChangeSchema,
  emailConfirmResponseSchema,
  emailConfirmSchema,
  passwordChangeSchema,
} from '../../../contract/account.schema';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { registerRateLimit } from '../../lib/rate-limits';
import { exportAccount } from './account-export';
import type { AccountService } from './account.service';

const tags = ['account'];
const security = [{ bearerAuth: [] }];
const MINUTE = 60_000;
/** Requests that check the password, per person: guessing it with a stolen session is slow. */
export const ACCOUNT_PASSWORD_LIMIT = { max: 10, timeWindow: 15 * MINUTE };
/** Confirmations of an e-mail link, per IP (the token itself is 256 random bits). */
export const EMAIL_CONFIRM_LIMIT = { max: 30, timeWindow: 10 * MINUTE };

const provesPassword = {
  config: {
    rateLimit: {
      ...ACCOUNT_PASSWORD_LIMIT,
      keyGenerator: (request: FastifyRequest) => `account:${request.currentUser?.id ?? request.ip}`,
    },
  },
};

const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/** Each person's own account, 'Mi Cuenta' (issue #17): `/api/account/…`. */
export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  db: Db;
  clock: Clock;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { account, db, clock, requireUser }) => {
  await registerRateLimit(app);
  // Auth before validation: an anonymous caller gets 401, not a list of field errors.
  const signedIn = { onRequest: requireUser };

  app.get(
    '/account',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Mi cuenta: perfil, clubes activos con mis roles y un cambio de correo pendiente',
        security,
        response: { 200: accountResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await account.get(currentUserOf(request).id) }),
  );

  app.post(
    '/account/password',
    {
      ...signedIn,
      ...provesPassword,
      schema: {
        tags,
        summary:
          'Cambia la contraseña con la actual (422 si no es correcta); cierra todas las sesiones',
        security,
        body: passwordChangeSchema,
        response: { 200: accountMessageSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      await account.changePassword(currentUserOf(request).id, request.body, request.ip);
      return { message: accountMessages.passwordChanged };
    },
  );

  app.post(
    '/account/email',
    {
      ...signedIn,
      ...provesPassword,
      schema: {
        tags,
        summary: 'Pide cambiar el correo: envía al nuevo un enlace de un solo uso (60 minutos)',
        security,
        body: emailChangeSchema,
        response: { 200: accountMessageSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      await account.requestEmailChange(currentUserOf(request).id, request.body, request.ip);
      return { message: accountMessages.emailSent };
    },
  );

  app.post(
    '/account/email/confirm',
    {
      config: { rateLimit: { ...EMAIL_CONFIRM_LIMIT } },
      schema: {
        tags,
        summary: 'Confirma el nuevo correo con el enlace (público; 409 si alguien lo tomó)',
        body: emailConfirmSchema,
        response: { 200: emailConfirmResponseSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await account.confirmEmailChange(request.body, request.ip),
      message: accountMessages.emailConfirmed,
    }),
  );

  app.post(
    '/account/clubs/:id/leave',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Sale de un club (409 para su último propietario)',
        security,
        params: accountClubParamsSchema,
        response: { 200: accountMessageSchema, ...refusals },
      },
    },
    async (request) => {
      await account.leaveClub(currentUserOf(request).id, request.params.id, request.ip);
      return { message: accountMessages.leftClub };
    },
  );

  app.get(
    '/account/export',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Descarga mis datos (JSON adjunto, sin contraseña ni tokens)',
        security,
        response: { 200: z.record(z.string(), z.unknown()), ...refusals },
      },
    },
    async (request, reply) => {
      const userId = currentUserOf(request).id;
      const data = await exportAccount(db, userId, clock.now(), request.ip);
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="mis-datos-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.delete(
    '/account',
    {
      ...signedIn,
      ...provesPassword,
      schema: {
        tags,
        summary:
          'Elimina mi cuenta (contraseña y ELIMINAR); 409 si soy el único propietario de un club activo',
        security,
        body: accountDeleteSchema,
        response: { 200: accountMessageSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      await account.deleteAccount(currentUserOf(request).id, request.body, request.ip);
      return { message: accountMessages.deleted };
    },
  );
};
