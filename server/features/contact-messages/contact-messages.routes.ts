import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  contactMessageCreateSchema,
  contactMessageResponseSchema,
  contactMessages as texts,
} from '../../../contract/contact-messages.schema';
import { rateLimitFor, registerRateLimit } from '../../lib/rate-limits';
import type { ContactMessagesService } from './contact-messages.service';

/** The public contact form (issue #17): no session, rate limited per IP. */
export const contactMessagesRoutes: FastifyPluginAsyncZod<{
  contactMessages: ContactMessagesService;
}> = async (app, { contactMessages }) => {
  await registerRateLimit(app);

  app.post(
    '/contact-messages',
    {
      config: rateLimitFor('contactMessage'),
      schema: {
        tags: ['contact-messages'],
        summary: 'Envía un mensaje desde el formulario de contacto (público, sin sesión)',
        description:
          'Nombre, correo, asunto opcional y mensaje de 10 a 2000 caracteres. Se guarda, se envía por correo a los super administradores y les llega como notificación. Límite por IP: 5 por hora (429).',
        body: contactMessageCreateSchema,
        response: {
          201: contactMessageResponseSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await contactMessages.create(request.body),
        message: texts.received,
      }),
  );
};
