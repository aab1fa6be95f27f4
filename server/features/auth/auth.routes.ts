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
import type { AuthService } from './auth.service';

const errors = { 400: apiErrorSchema, 413: apiErrorSchema, 500: apiErrorSchema };

/** Register, log in and out, and reset a password (issue #2). Paths and shapes are fixed. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Crea una cuenta y devuelve la sesión',
        body: registerRequestSchema,
        response: { 201: authResponseSchema, 422: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await auth.register(request.body)),
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Inicia sesión con correo y contraseña',
        body: loginRequestSchema,
        response: {
          200: authResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
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
        summary: 'Cierra la sesión (el cliente descarta su token; el servidor no guarda sesiones)',
        response: { 204: z.null().describe('Sin contenido') },
      },
    },
    async (_request, reply) => reply.code(204).send(null),
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Envía un enlace para restablecer la contraseña (misma respuesta exista o no el correo)',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body);
      return { message: authMessages.forgotPasswordSent };
    },
  );

  app.post(
    '/reset-password',
    {
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
