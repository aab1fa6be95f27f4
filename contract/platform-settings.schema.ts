import { z } from 'zod';
import { requiredText, textSchema } from './common.schema';
import { planIdSchema } from './plans.schema';

/*
 * Panel Super Admin's settings (issue #17): GET/PUT /api/admin/platform-settings. The
 * WhatsApp number the app's help button opens (digits only, country code first; null:
 * the server's configuration) and the plans (stored as platform_settings 'plans', which
 * GET /api/plans and the pricing page read; `price` is derived from `price_cop`).
 */

export const platformSettingsMessages = {
  whatsapp: 'El número de WhatsApp debe tener entre 8 y 15 dígitos, sin espacios ni signos',
  priceCop: 'El precio debe ser un número entero de pesos, 0 o más',
  plansEmpty: 'Debe haber al menos un plan',
  planTwice: 'Cada plan aparece una sola vez',
  features: 'Un plan tiene como máximo 20 características',
  maxPlayers: 'El máximo de jugadores debe ser un número entero positivo o vacío',
  saved: 'Configuración guardada',
} as const;

const M = platformSettingsMessages;

export const WHATSAPP_PATTERN = /^\d{8,15}$/;

/** One plan as the super admin edits it. */
export const settingsPlanSchema = z.object({
  id: planIdSchema,
  name: requiredText('El nombre del plan', 40),
  price_cop: z.int({ error: M.priceCop }).min(0, M.priceCop).max(1_000_000_000, M.priceCop),
  description: textSchema('La descripción')
    .trim()
    .max(300, 'La descripción no puede tener más de 300 caracteres'),
  features: z.array(requiredText('La característica', 200)).max(20, M.features),
  max_players: z.int({ error: M.maxPlayers }).positive(M.maxPlayers).nullable(),
  available: z.boolean({ error: 'Indica si el plan está disponible' }),
});
export type SettingsPlan = z.infer<typeof settingsPlanSchema>;

export const platformSettingsUpdateSchema = z.object({
  whatsapp_number: textSchema('El número de WhatsApp')
    .regex(WHATSAPP_PATTERN, M.whatsapp)
    .nullable(),
  plans: z
    .array(settingsPlanSchema)
    .min(1, M.plansEmpty)
    .refine((plans) => new Set(plans.map((plan) => plan.id)).size === plans.length, {
      message: M.planTwice,
    }),
});
export type PlatformSettingsUpdate = z.infer<typeof platformSettingsUpdateSchema>;

export const platformSettingsSchema = z.object({
  /** The stored number; null when the app uses the server's configuration (GET /api/config). */
  whatsapp_number: z.string().nullable(),
  plans: z.array(settingsPlanSchema),
  updated_at: z.string().nullable(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const platformSettingsResponseSchema = z.object({
  data: platformSettingsSchema,
  message: z.string().optional(),
});
export type PlatformSettingsResponse = z.infer<typeof platformSettingsResponseSchema>;
