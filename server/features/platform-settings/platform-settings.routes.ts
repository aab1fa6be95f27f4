import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  platformSettingsMessages,
  platformSettingsResponseSchema,
  platformSettingsUpdateSchema,
} from '../../../contract/platform-settings.schema';
import { currentUserOf } from '../../auth/require-user';
import type { SuperAdminHooks } from '../../auth/super-admin';
import type { PlatformSettingsService } from './platform-settings.service';

const tags = ['platform'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Panel Super Admin's settings (issue #17): the WhatsApp help number and the plans. */
export const platformSettingsRoutes: FastifyPluginAsyncZod<{
  settings: PlatformSettingsService;
  superAdmin: SuperAdminHooks;
}> = async (app, { settings, superAdmin }) => {
  app.get(
    '/admin/platform-settings',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Configuración de la plataforma: número de WhatsApp y planes',
        security,
        response: { 200: platformSettingsResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => ({ data: await settings.read() }),
  );

  app.put(
    '/admin/platform-settings',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Guarda el número de WhatsApp y los planes',
        description:
          'whatsapp_number: 8 a 15 dígitos (null: el de la configuración del servidor). plans: cada plan una vez, con price_cop en pesos enteros (0 o más) y sus características; GET /api/plans y la página de precios los muestran.',
        security,
        body: platformSettingsUpdateSchema,
        response: { 200: platformSettingsResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await settings.update(request.body, currentUserOf(request).id),
      message: platformSettingsMessages.saved,
    }),
  );
};
