import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { appConfigSchema } from '../../../contract/app-config.schema';
import type { AppConfig } from '../../config';
import { publicAppConfig } from './app-config.service';

/** Public settings of the app (no session needed): the WhatsApp help number. */
export const appConfigRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const body = publicAppConfig(config);
  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Configuración pública de la aplicación (número de WhatsApp de soporte)',
        response: { 200: appConfigSchema },
      },
    },
    // The number the super admin stored in the panel wins over the configuration's.
    async () => {
      const stored = await app.storedWhatsappNumber?.().catch(() => null);
      return stored ? { whatsapp_phone: stored } : body;
    },
  );
};
