import { z } from 'zod';

/**
 * `GET /api/config`: the public settings the browser needs before anyone signs in.
 * The WhatsApp number is digits only, country code first (the `wa.me` link format);
 * empty when the server has no usable number, and then the help button is not shown.
 */
export const appConfigSchema = z.object({
  whatsapp_phone: z.string().regex(/^\d*$/),
});
export type AppConfigResponse = z.infer<typeof appConfigSchema>;
