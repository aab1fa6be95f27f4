import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.schema';
import { idSchema, textSchema } from './common.schema';
import { profileSchema } from './profile.schema';

/*
 * Each person's account (issue #17, 'Mi Cuenta'): `/api/account/…`. The profile fields
 * themselves are saved through the profile endpoints (PUT /api/profile/update-step,
 * POST /api/profile/photo); this contract adds what only the account page does.
 */

/** The word a person types to delete their account. */
export const DELETE_CONFIRMATION_WORD = 'ELIMINAR';

/** Minutes an e-mail change link stays valid. */
export const EMAIL_CHANGE_MINUTES = 60;

/** A password as typed to prove who you are: never trimmed, only required. */
const currentPassword = (label: string) =>
  textSchema(label, { typeError: `${label} es obligatoria` })
    .min(1, `${label} es obligatoria`)
    .max(128, `${label} no puede tener más de 128 caracteres`);

export const passwordChangeSchema = z
  .object({
    current_password: currentPassword('La contraseña actual'),
    new_password: newPasswordSchema,
  })
  .refine((value) => value.current_password !== value.new_password, {
    message: 'La nueva contraseña debe ser distinta de la actual',
    path: ['new_password'],
  });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

export const emailChangeSchema = z.object({
  new_email: emailSchema,
  password: currentPassword('La contraseña'),
});
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

export const emailConfirmSchema = z.object({
  token: textSchema('El enlace', { typeError: 'El enlace no es válido' })
    .min(1, 'El enlace no es válido')
    .max(255, 'El enlace no es válido'),
});

export const accountDeleteSchema = z.object({
  password: currentPassword('La contraseña'),
  confirmation: textSchema('La confirmación', { typeError: 'Escribe ELIMINAR para confirmar' })
    .trim()
    .refine((value) => value === DELETE_CONFIRMATION_WORD, 'Escribe ELIMINAR para confirmar'),
});
export type AccountDeleteInput = z.input<typeof accountDeleteSchema>;

export const accountClubParamsSchema = z.object({ id: idSchema('El identificador del club') });

/** One club the person belongs to, with their roles there. */
export const accountClubSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roles: z.array(z.string()),
  /** They are its only owner: leaving it (or deleting the account) is refused. */
  only_owner: z.boolean(),
});
export type AccountClub = z.infer<typeof accountClubSchema>;

export const accountSchema = z.object({
  profile: profileSchema,
  clubs: z.array(accountClubSchema),
  /** An e-mail change waiting for its confirmation, if any. */
  pending_email: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountResponseSchema = z.object({ data: accountSchema });
export const accountMessageSchema = z.object({ message: z.string() });

/** The answer of the e-mail confirmation: the new address. */
export const emailConfirmResponseSchema = z.object({
  data: z.object({ email: z.string() }),
  message: z.string(),
});

/** The Spanish messages the server and the screens share. */
export const accountMessages = {
  wrongPassword: 'La contraseña no es correcta',
  passwordChanged:
    'Tu contraseña fue cambiada. Las sesiones abiertas en otros dispositivos se cerraron.',
  emailSame: 'Ese ya es tu correo',
  emailTaken: 'El correo ya está registrado',
  emailSent: `Te enviamos un enlace al nuevo correo. Vence en ${EMAIL_CHANGE_MINUTES} minutos.`,
  emailConfirmed: 'Tu correo fue cambiado.',
  invalidEmailToken: 'El enlace para confirmar el correo no es válido o ha expirado.',
  notMember: 'No perteneces a este club',
  lastOwner: 'Eres el único propietario de este club: nombra a otro propietario antes de salir.',
  leftClub: 'Saliste del club.',
  onlyOwnerOfClub: (club: string) =>
    `Eres el único propietario de ${club}: nombra a otro propietario o archiva el club antes de eliminar tu cuenta.`,
  superAdminDelete:
    'Un super administrador no puede eliminar su cuenta: pide que te quiten ese acceso primero.',
  deleted: 'Tu cuenta fue eliminada.',
} as const;
