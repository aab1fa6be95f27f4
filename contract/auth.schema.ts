import { z } from 'zod';
import { requiredText, textSchema } from './common.schema';
import { commonPasswordReason, personalPasswordReason } from './passwords';
import { userSchema } from './users.schema';

/** Longest value accepted for any free-text auth field; longer input is refused, not cut. */
const MAX_TEXT = 255;

export const emailSchema = textSchema('El correo')
  .trim()
  .min(1, 'El correo es obligatorio')
  .max(MAX_TEXT, `El correo no puede tener más de ${MAX_TEXT} caracteres`)
  .pipe(z.email('El correo no es válido'))
  .transform((email) => email.toLowerCase());

/** A password as typed: never trimmed; no control characters. */
const passwordText = () =>
  textSchema('La contraseña', { typeError: 'La contraseña es obligatoria' });

/** At least 8 characters with a letter and a digit (issue #2). */
export const newPasswordSchema = passwordText()
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .max(128, 'La contraseña no puede tener más de 128 caracteres')
  .regex(/\p{L}/u, 'La contraseña debe contener al menos una letra')
  .regex(/\d/, 'La contraseña debe contener al menos un número')
  .superRefine((password, ctx) => {
    const reason = commonPasswordReason(password);
    if (reason) ctx.addIssue({ code: 'custom', message: reason });
  });

/**
 * A new password must not carry the person's name or e-mail (checked where the form has
 * them: register, reset, accepting an invitation). Refused on `password`.
 */
export function refusePersonalPassword(
  value: { password: string; email?: string; name?: string; lastname?: string },
  ctx: z.RefinementCtx,
): void {
  // A password refused on its own already says why.
  if (commonPasswordReason(value.password)) return;
  const reason = personalPasswordReason(value.password, value);
  if (reason) ctx.addIssue({ code: 'custom', message: reason, path: ['password'] });
}

const passwordConfirmationSchema = textSchema('La confirmación de la contraseña', {
  typeError: 'Confirma la contraseña',
});

export const passwordsMatch = (value: { password: string; password_confirmation: string }) =>
  value.password === value.password_confirmation;
export const passwordMismatch = {
  message: 'Las contraseñas no coinciden',
  path: ['password_confirmation'],
};

/** What a person types to open an account, besides the e-mail (register, accept an invitation). */
export const newAccountFields = {
  name: requiredText('El nombre', MAX_TEXT),
  lastname: requiredText('El apellido', MAX_TEXT),
  password: newPasswordSchema,
  password_confirmation: passwordConfirmationSchema,
};

/**
 * The versions of the platform's texts a sign-up accepts (issue #33 item 8): the terms of
 * use (/terminos) and the data-processing authorisation of the privacy notice
 * (/privacidad, Ley 1581 de 2012). A new wording gets a new version; the register page
 * sends the versions it showed, and an older one is refused with 409.
 */
export const TERMS_VERSION = '2026-12-01';
export const PRIVACY_POLICY_VERSION = '2026-12-01';

export const consentMessages = {
  termsRequired: 'Debes aceptar los términos y condiciones para crear tu cuenta',
  dataPolicyRequired: 'Debes autorizar el tratamiento de tus datos personales para crear tu cuenta',
  termsOutdated: 'Los términos y condiciones cambiaron. Recarga la página y léelos de nuevo.',
  dataPolicyOutdated: 'La política de privacidad cambió. Recarga la página y léela de nuevo.',
} as const;

/** A box the person must tick: anything but `true` is refused with `message`. */
const accepted = (message: string) =>
  z.boolean({ error: message }).refine((value) => value, message);

/** The version of a text as the page showed it. */
const versionText = (label: string) =>
  textSchema(label, { typeError: `${label} es obligatoria` })
    .trim()
    .min(1, `${label} es obligatoria`)
    .max(20, `${label} no es válida`);

export const registerRequestSchema = z
  .object({
    name: newAccountFields.name,
    lastname: newAccountFields.lastname,
    email: emailSchema,
    password: newAccountFields.password,
    password_confirmation: newAccountFields.password_confirmation,
    accept_terms: accepted(consentMessages.termsRequired),
    terms_version: versionText('La versión de los términos'),
    accept_data_policy: accepted(consentMessages.dataPolicyRequired),
    data_policy_version: versionText('La versión de la política de privacidad'),
  })
  .refine(passwordsMatch, passwordMismatch)
  .superRefine(refusePersonalPassword);

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordText()
    .min(1, 'La contraseña es obligatoria')
    .max(128, 'La contraseña no puede tener más de 128 caracteres'),
});

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

export const resetPasswordRequestSchema = z
  .object({
    token: textSchema('El enlace', { typeError: 'El enlace no es válido' })
      .min(1, 'El enlace no es válido')
      .max(MAX_TEXT, 'El enlace no es válido'),
    email: emailSchema,
    password: newPasswordSchema,
    password_confirmation: passwordConfirmationSchema,
  })
  .refine(passwordsMatch, passwordMismatch)
  .superRefine(refusePersonalPassword);

/** Answer of register and login: the bearer token and the same user `GET /api/user` returns. */
export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
});

/** Answer of forgot-password and reset-password: a message to show, nothing that leaks. */
export const messageResponseSchema = z.object({ message: z.string() });

/** The Spanish messages the server and the screens share. */
export const authMessages = {
  emailTaken: 'El correo ya está registrado',
  invalidCredentials: 'Credenciales inválidas',
  tooManyAttempts: 'Demasiados intentos fallidos. Inténtalo de nuevo en unos minutos.',
  forgotPasswordSent:
    'Si el correo está registrado, te enviamos un enlace para restablecer la contraseña.',
  passwordReset: 'Tu contraseña fue restablecida. Ya puedes iniciar sesión.',
  invalidResetToken: 'El enlace para restablecer la contraseña no es válido o ha expirado.',
  unauthenticated: 'No autenticado',
} as const;

export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
export type AuthResponse = z.infer<typeof authResponseSchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;
