import { z } from 'zod';
import { optionalText, requiredText, textSchema } from './common.schema';

/*
 * The public contact form (issue #17): POST /api/contact-messages, no session, rate
 * limited per IP. The browser's form resolves with the same schema.
 */

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

export const contactMessageCreateSchema = z.object({
  name: requiredText('El nombre', 120),
  email: textSchema('El correo')
    .trim()
    .min(1, 'El correo es obligatorio')
    .max(254, 'El correo no puede tener más de 254 caracteres')
    .pipe(z.email('El correo no es válido'))
    .transform((email) => email.toLowerCase()),
  subject: optionalText('El asunto', 150),
  message: requiredText('El mensaje', CONTACT_MESSAGE_MAX, { multiline: true }).min(
    CONTACT_MESSAGE_MIN,
    `El mensaje debe tener al menos ${CONTACT_MESSAGE_MIN} caracteres`,
  ),
});
/** What the form holds (before parsing: the subject may be ''). */
export type ContactMessageInput = z.input<typeof contactMessageCreateSchema>;
export type ContactMessageCreate = z.output<typeof contactMessageCreateSchema>;

export const contactMessageResponseSchema = z.object({
  data: z.object({ id: z.int(), created_at: z.string() }),
  message: z.string(),
});
export type ContactMessageResponse = z.infer<typeof contactMessageResponseSchema>;

export const contactMessages = {
  received: 'Gracias por escribirnos. Te responderemos pronto a tu correo.',
  notificationTitle: 'Nuevo mensaje de contacto',
} as const;
