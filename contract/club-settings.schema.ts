import { z } from 'zod';

/*
 * A club's billing settings (issue #17, 'Configuración'): the months it bills nothing in
 * and the days, counted from a payment's due date, on which its family is reminded.
 * `GET|PATCH /api/pla_club_teams/{id}/settings`, behind settings.manage.
 */

export const REMINDER_OFFSET_MIN = -60;
export const REMINDER_OFFSET_MAX = 90;
export const REMINDER_OFFSETS_MAX = 8;

const month = z
  .number({ error: 'Cada mes debe ser un número del 1 al 12' })
  .int('Cada mes debe ser un número del 1 al 12')
  .min(1, 'Cada mes debe ser un número del 1 al 12')
  .max(12, 'Cada mes debe ser un número del 1 al 12');

const offset = z
  .number({ error: 'Cada recordatorio debe ser un número de días' })
  .int('Cada recordatorio debe ser un número entero de días')
  .min(
    REMINDER_OFFSET_MIN,
    `Un recordatorio no puede ser más de ${-REMINDER_OFFSET_MIN} días antes`,
  )
  .max(
    REMINDER_OFFSET_MAX,
    `Un recordatorio no puede ser más de ${REMINDER_OFFSET_MAX} días después`,
  );

const distinctSorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

export const clubSettingsSchema = z.object({
  non_billing_months: z
    .array(month, { error: 'Los meses sin cobro deben ser una lista' })
    .max(11, 'Al menos un mes debe tener cobro')
    .transform(distinctSorted),
  payment_reminder_offsets: z
    .array(offset, { error: 'Los recordatorios deben ser una lista' })
    .max(REMINDER_OFFSETS_MAX, `No puede haber más de ${REMINDER_OFFSETS_MAX} recordatorios`)
    .transform(distinctSorted),
});
export type ClubSettings = z.output<typeof clubSettingsSchema>;
export type ClubSettingsInput = z.input<typeof clubSettingsSchema>;

export const clubSettingsUpdateSchema = clubSettingsSchema.partial();
export const clubSettingsResponseSchema = z.object({
  data: z.object({
    non_billing_months: z.array(z.number().int()),
    payment_reminder_offsets: z.array(z.number().int()),
  }),
});

/** 'Recordatorios de pago': how one offset reads in Spanish. */
export function reminderOffsetLabel(days: number): string {
  if (days === 0) return 'El día del vencimiento';
  const n = Math.abs(days);
  const unit = n === 1 ? 'día' : 'días';
  return days < 0 ? `${n} ${unit} antes` : `${n} ${unit} después`;
}
