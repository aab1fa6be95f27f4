import { z } from 'zod';
import { emailSchema } from './auth.schema';
import { idSchema, requiredText } from './common.schema';
import { guardianRelationships } from './players.schema';

/*
 * A guardian invites another adult as guardian of their own child (issue #34 item 6):
 * `POST /api/parents/child/{id}/invite-guardian`. Only the child's authorised primary
 * guardian may; the other adult becomes a guardian once they accept the invitation (the
 * club's guardian invitation, by e-mail, linked on acceptance).
 */

export const coGuardianInviteSchema = z.object({
  club_id: idSchema('El identificador del club'),
  name: requiredText('El nombre', 120),
  email: emailSchema,
  relationship: z.enum(guardianRelationships, { error: 'Elige el parentesco' }),
});
export type CoGuardianInviteInput = z.input<typeof coGuardianInviteSchema>;

export const coGuardianInviteResponseSchema = z.object({
  data: z.object({ email: z.string(), player_id: z.number().int() }),
  message: z.string(),
});
export type CoGuardianInviteResponse = z.infer<typeof coGuardianInviteResponseSchema>;

export const coGuardianMessages = {
  onlyPrimary: 'Solo el acudiente principal del jugador puede invitar a otro acudiente',
  yourself: 'Ese es tu correo: escribe el de la otra persona',
  alreadyGuardian: 'Esa persona ya es acudiente de este jugador',
  invited: (email: string, child: string) =>
    `Enviamos la invitación a ${email}. Cuando la acepte, quedará como acudiente de ${child}.`,
} as const;
