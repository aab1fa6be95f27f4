import { z } from 'zod';
import { bloodTypes, playerHealthFields } from './players.schema';

/**
 * `GET|PUT /api/profile/medical`: an adult player's own health and emergency data in
 * their working club (the Jugador onboarding's "medical data" step); null clears one.
 */
export const medicalDataSchema = z.object({
  ...playerHealthFields,
  // A select's "Sin indicar" sends ''.
  blood_type: z.preprocess((value) => (value === '' ? null : value), playerHealthFields.blood_type),
});
export type MedicalDataInput = z.input<typeof medicalDataSchema>;
export const medicalDataResponseSchema = z.object({
  data: z.object({
    eps: z.string().nullable(),
    blood_type: z.enum(bloodTypes).nullable(),
    allergies: z.string().nullable(),
    emergency_contact_name: z.string().nullable(),
    emergency_contact_phone: z.string().nullable(),
  }),
});
export type MedicalData = z.infer<typeof medicalDataResponseSchema>['data'];
export const medicalMessages = {
  notAPlayer: 'No eres jugador del club en el que trabajas',
  saved: 'Datos médicos guardados',
} as const;
