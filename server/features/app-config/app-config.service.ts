import type { AppConfigResponse } from '../../../contract/app-config.schema';
import type { AppConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WhatsApp number stored in the super admin panel, if any (platform-settings). */
    storedWhatsappNumber?: () => Promise<string | null>;
  }
}

/** The part of the server configuration that any visitor may read. */
export function publicAppConfig(config: Pick<AppConfig, 'whatsappPhone'>): AppConfigResponse {
  // `wa.me` wants digits only: "+57 300 123 4567" in the environment is still a valid number.
  return { whatsapp_phone: config.whatsappPhone.replace(/\D/g, '') };
}
