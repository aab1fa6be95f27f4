import { z } from 'zod';
import { newAccountFields, passwordMismatch, passwordsMatch } from './auth.schema';
import { idSchema, textSchema } from './common.schema';
import { parentMessages } from './parents.schema';
import { personDocumentTypes } from './profile.schema';

/*
 * Link requests (issue #33 item 1): a club that finds a person who already belongs
 * elsewhere (another club, or an account of their own) does not link them. It sends a
 * request that the person, or for a minor an authorised guardian, accepts or declines in
 * the app (the club chooser, /home/club-team) or from the e-mail (/link-request/{token}).
 * Until then the requesting club learns nothing that identifies the person and no
 * membership, notification or charge exists. Accepting adds the role and the club's
 * fields the club sent with the request, in one transaction.
 *
 * Paths:
 * - POST /api/pla_club_teams/{id}/players and …/trainers with `link_existing: true` answer
 *   202 `linkRequestCreatedResponseSchema` when the person needs to be asked (201 as before
 *   when they belong to this club alone and have no account);
 * - GET /api/pla_club_teams/{id}/link-requests: the club's requests (players.create or
 *   trainers.create); DELETE …/link-requests/{requestId}: the club withdraws a pending one;
 * - GET /api/link-requests: the requests the signed-in person may answer (for themself or
 *   for a minor they are an authorised guardian of); POST /api/link-requests/{requestId}/accept
 *   and …/decline;
 * - GET /api/link-requests/by-token/{token}, POST …/by-token/{token}/accept and …/decline:
 *   the e-mailed link (public; the token is single-use, 64 characters, only its sha256 kept).
 */

/** What the club asks the person to become. */
export const linkRequestKinds = ['player', 'trainer'] as const;
export type LinkRequestKind = (typeof linkRequestKinds)[number];

export const linkRequestStatuses = [
  'pending',
  'accepted',
  'declined',
  'cancelled',
  'expired',
] as const;
export type LinkRequestStatus = (typeof linkRequestStatuses)[number];

/** Days a request waits for an answer before it expires. */
export const LINK_REQUEST_DAYS = 14;

export const linkRequestKindLabels: Record<LinkRequestKind, string> = {
  player: 'jugador',
  trainer: 'entrenador',
};

export const linkRequestStatusLabels: Record<LinkRequestStatus, string> = {
  pending: 'Esperando respuesta',
  accepted: 'Aceptada',
  declined: 'Rechazada',
  cancelled: 'Retirada por el club',
  expired: 'Vencida',
};

export const linkRequestMessages = {
  /** The 202 answer to the club: nothing about who the person is. */
  sent: 'Esta persona ya está registrada. Le enviamos una solicitud: aparecerá en el club cuando ella (o su acudiente) la acepte.',
  alreadyPending: 'Ya hay una solicitud pendiente para esta persona en este club',
  notFound: 'Solicitud no encontrada',
  notPending: 'Esta solicitud ya fue respondida, retirada o venció',
  accepted: (club: string) => `Listo: ya haces parte de ${club}`,
  acceptedForChild: (child: string, club: string) => `Listo: ${child} ya hace parte de ${club}`,
  /** Accepted from the e-mail by a person who just chose their password. */
  acceptedWithPassword: (club: string, email: string) =>
    `Listo: ya haces parte de ${club}. Inicia sesión con ${email} y la contraseña que elegiste.`,
  declined: 'Rechazaste la solicitud. El club no verá tus datos.',
  /** The acceptor did not tick the club's data-processing authorisation (Ley 1581). */
  consentRequired: parentMessages.consentRequired,
  consentOutdated: parentMessages.consentOutdated,
  /** An adult without an account accepts from the e-mail: they choose how to sign in. */
  passwordRequired: 'Elige una contraseña para entrar a tu cuenta',
  cancelled: 'Solicitud retirada',
} as const;

export const linkRequestParamsSchema = z.object({
  id: idSchema('El identificador del club'),
  requestId: idSchema('La solicitud'),
});

export const myLinkRequestParamsSchema = z.object({ requestId: idSchema('La solicitud') });

export const linkRequestTokenParamsSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{64}$/, 'El enlace no es válido')
    .describe('El token del enlace enviado por correo'),
});

/**
 * A request as the requesting club sees it: only what the club itself typed (the name and
 * document it entered), never the stored person.
 */
export const clubLinkRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(linkRequestKinds),
  status: z.enum(linkRequestStatuses),
  /** The name and last name the club typed in its form or file. */
  typed_name: z.string(),
  typed_document_type: z.enum(personDocumentTypes).nullable(),
  typed_document_number: z.string().nullable(),
  typed_email: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  requested_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ClubLinkRequest = z.infer<typeof clubLinkRequestSchema>;

export const clubLinkRequestListResponseSchema = z.object({
  data: z.array(clubLinkRequestSchema),
});

/** 202 of POST players / trainers when the person must accept first. */
export const linkRequestCreatedResponseSchema = z.object({
  data: clubLinkRequestSchema,
  message: z.string(),
});
export type LinkRequestCreatedResponse = z.infer<typeof linkRequestCreatedResponseSchema>;

/** A request as the person (or their guardian) who may answer it sees it. */
export const incomingLinkRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(linkRequestKinds),
  status: z.enum(linkRequestStatuses),
  club: z.object({ id: z.number().int(), name: z.string() }),
  /** Who would join: the person answering, or their child. */
  person: z.object({ id: z.number().int(), name: z.string(), lastname: z.string() }),
  /** True when the answer is given for a minor, as their guardian. */
  as_guardian: z.boolean(),
  requested_by_name: z.string().nullable(),
  requested_at: z.string(),
  expires_at: z.string(),
  /**
   * The club's data-processing authorisation (Ley 1581) the acceptor gives the new club:
   * its version and text (the same one a guardian invitation shows).
   */
  data_policy: z.object({ version: z.string(), text: z.string() }),
  /**
   * Set only on the e-mailed link of an adult without an account: the e-mail they will
   * sign in with. Accepting then also asks for a password (`password`,
   * `password_confirmation`), which opens their account.
   */
  set_password_for: z.string().nullable(),
});
export type IncomingLinkRequest = z.infer<typeof incomingLinkRequestSchema>;

export const incomingLinkRequestListResponseSchema = z.object({
  data: z.array(incomingLinkRequestSchema),
});

export const incomingLinkRequestResponseSchema = z.object({ data: incomingLinkRequestSchema });

/**
 * Body of `POST /api/link-requests/{id}/accept` and `…/by-token/{token}/accept`. Every
 * field is optional here so that the server answers a missing authorisation with a 422 on
 * `accept_data_policy` (and an older text with 409 on `data_policy_version`); the password
 * is read only when the e-mailed link opens an account (`set_password_for`).
 */
export const linkRequestAcceptRequestSchema = z
  .object({
    accept_data_policy: z.boolean({ error: linkRequestMessages.consentRequired }).optional(),
    data_policy_version: textSchema('La versión del texto de tratamiento de datos')
      .max(20)
      .optional(),
    password: textSchema('La contraseña').optional(),
    password_confirmation: textSchema('La confirmación de la contraseña').optional(),
  })
  .default({});
export type LinkRequestAcceptInput = z.input<typeof linkRequestAcceptRequestSchema>;

/** The password an adult without an account chooses when accepting from the e-mail. */
export const linkRequestPasswordSchema = z
  .object({
    password: newAccountFields.password,
    password_confirmation: newAccountFields.password_confirmation,
  })
  .refine(passwordsMatch, passwordMismatch);

/** Answer of accept / decline (in the app or by token). */
export const linkRequestAnswerResponseSchema = z.object({
  data: z.object({ id: z.number().int(), status: z.enum(linkRequestStatuses) }),
  message: z.string(),
});
export type LinkRequestAnswerResponse = z.infer<typeof linkRequestAnswerResponseSchema>;
