import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  authMessages,
  authResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '../../../contract/auth.schema';
import { bearerToken, currentUserOf } from '../../auth/require-user';
import {
  type RateLimits,
  RATE_LIMITS,
  rateLimitFor,
  registerRateLimit,
} from '../../lib/rate-limits';
import type { AuthService } from './auth.service';

const errors = {
  400: apiErrorSchema,
  413: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
};

/**
 * Register, log in and out, and reset a password (issue #2). Paths and shapes are fixed.
 * The anonymous routes that hash a password are rate limited per IP (`limits`).
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; limits?: RateLimits }> = async (
  app,
  { auth, limits = RATE_LIMITS },
) => {
  await registerRateLimit(app);
  app.addHook('onClose', async () => auth.idle());

  app.post(
    '/register',
    {
      config: rateLimitFor('register', limits),
      schema: {
        tags: ['auth'],
        summary: 'Crea una cuenta y devuelve la sesión',
        body: registerRequestSchema,
        description:
          'Exige aceptar los términos (accept_terms, terms_version) y la autorización de tratamiento de datos (accept_data_policy, data_policy_version) en las versiones vigentes: 400 si falta una aceptación, 409 si la versión cambió.',
        response: { 201: authResponseSchema, 409: apiErrorSchema, 422: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await auth.register(request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
  );

  app.post(
    '/login',
    {
      config: rateLimitFor('login', limits),
      schema: {
        tags: ['auth'],
        summary: 'Inicia sesión con correo y contraseña',
        body: loginRequestSchema,
        response: {
          200: authResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Cierra la sesión: el token deja de valer (sin token, o con uno inválido, no hace nada)',
        response: { 204: z.null().describe('Sin contenido') },
      },
    },
    async (request, reply) => {
      await auth.sessions.logout(bearerToken(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/logout-all',
    {
      preHandler: auth.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Cierra la sesión en todos los dispositivos, este incluido',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null().describe('Sin contenido'), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.sessions.logoutEverywhere(currentUserOf(request).id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/forgot-password',
    {
      config: rateLimitFor('forgotPassword', limits),
      schema: {
        tags: ['auth'],
        summary:
          'Envía un enlace para restablecer la contraseña (misma respuesta exista o no el correo)',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      // Nothing about the account is looked up before answering (see queueResetLink).
      auth.queueResetLink(request.body, (error) =>
        request.log.error({ err: error }, 'password reset link failed'),
      );
      return { message: authMessages.forgotPasswordSent };
    },
  );

  app.post(
    '/reset-password',
    {
      config: rateLimitFor('resetPassword', limits),
      schema: {
        tags: ['auth'],
        summary: 'Restablece la contraseña con el enlace recibido por correo',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, 422: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { message: authMessages.passwordReset };
    },
  );
};
