import { z } from 'zod';
import {
  emailSchema,
  newAccountFields,
  passwordMismatch,
  passwordsMatch,
  refusePersonalPassword,
} from './auth.schema';
import { idParamsSchema, MAX_ID, textSchema, wholeNumberSchema } from './common.schema';
import { roleRefSchema } from './roles.schema';
import type { RoleName } from './roles.schema';

/*
 * Invitations to join a club in a role (DOMAIN.md, "Invitations"): created from
 * /home/admin/users-roles, sent by e-mail with a /invitation/{token} link, accepted on that
 * public page (creating the account when the e-mail has none).
 */

export const INVITATION_TTL_DAYS = 7;
/** 32 random bytes as hex: 64 characters (DOMAIN.md). */
export const INVITATION_TOKEN_LENGTH = 64;

export const invitationTypes = [
  'owner',
  'trainer',
  'accountant',
  'player_adult',
  'player_minor',
  'guardian',
] as const;
export type InvitationType = (typeof invitationTypes)[number];

export const invitationStatuses = [
  'pending',
  'accepted',
  'rejected',
  'expired',
  'revoked',
] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** The invitation type a role is invited as (player_minor is for the players issue). */
export const invitationTypeOfRole: Record<Exclude<RoleName, 'Super Admin'>, InvitationType> = {
  'Propietario del Club': 'owner',
  Entrenador: 'trainer',
  Contador: 'accountant',
  Jugador: 'player_adult',
  'Padre/Acudiente': 'guardian',
};

/** The role an invitation type invites into (the inverse of invitationTypeOfRole), if any. */
export const roleOfInvitationType = (type: InvitationType): RoleName | undefined =>
  (Object.keys(invitationTypeOfRole) as Array<keyof typeof invitationTypeOfRole>).find(
    (name) => invitationTypeOfRole[name] === type,
  );

export const invitationStatusLabels: Record<InvitationStatus, string> = {
  pending: 'Pendiente',
  accepted: 'Aceptada',
  rejected: 'Rechazada',
  expired: 'Vencida',
  revoked: 'Anulada',
};

export const invitationMessages = {
  notFound: 'La invitación no existe o el enlace está incompleto',
  expired: 'La invitación venció. Pide a quien te invitó que te envíe una nueva.',
  alreadyAnswered: 'Esta invitación ya fue respondida',
  revoked: 'El club anuló esta invitación',
  alreadyMember: 'Esa persona ya tiene ese rol en el club',
  superAdminRole: 'El rol Super Admin no se asigna por invitación',
  loginAsInvitee: (email: string) =>
    `Esta invitación es para ${email}. Inicia sesión con esa cuenta para aceptarla.`,
  accountFieldsRequired: 'Completa tus datos para crear la cuenta',
  sent: (email: string) => `Invitación enviada a ${email}`,
  accepted: (club: string) => `Ya eres parte de ${club}`,
  rejected: 'Rechazaste la invitación',
} as const;

export const tokenParamsSchema = z.object({
  token: textSchema('El enlace', { typeError: invitationMessages.notFound }).regex(
    /^[0-9a-f]{64}$/,
    invitationMessages.notFound,
  ),
});

/** The fields of an invitation's form: who, and in which role. */
export const invitationCreateFields = z.object({
  email: emailSchema,
  role_id: wholeNumberSchema('Elige un rol').pipe(
    z.number().min(1, 'Elige un rol').max(MAX_ID, 'Elige un rol'),
  ),
});

/**
 * `POST /api/pla_club_teams/{id}/invitations`: the role by id, or by its stable invitation
 * `type` (`'trainer'`), which the server resolves, so a caller need not look a role up by
 * its Spanish name. With both, `role_id` wins.
 */
export const invitationCreateSchema = invitationCreateFields
  .extend({
    role_id: invitationCreateFields.shape.role_id.optional(),
    type: z
      .enum(invitationTypes)
      .optional()
      .describe(
        "En lugar de role_id: el tipo de invitación ('trainer', …), que el servidor convierte en su rol",
      ),
  })
  .refine((body) => body.role_id !== undefined || body.type !== undefined, {
    message: 'Elige un rol',
    path: ['role_id'],
    // Also when the e-mail is wrong (both fields at once), but only on an object.
    when: ({ value }) => typeof value === 'object' && value !== null && !Array.isArray(value),
  });
export type InvitationCreateInput = z.input<typeof invitationCreateSchema>;

/** An invitation as the club that sent it sees it (the token is never listed). */
export const clubInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: roleRefSchema,
  type: z.enum(invitationTypes),
  status: z.enum(invitationStatuses),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type ClubInvitation = z.infer<typeof clubInvitationSchema>;

/**
 * Answer of the POST: the invitation plus its link, shown once to whoever sent it (to
 * share it by WhatsApp too); only the token's hash is stored.
 */
export const invitationCreatedResponseSchema = z.object({
  data: clubInvitationSchema.extend({ invitation_url: z.string() }),
});
/** `GET /api/pla_club_teams/{id}/invitations`: the pending ones, newest first. */
export const clubInvitationListResponseSchema = z.object({ data: z.array(clubInvitationSchema) });
export const invitationParamsSchema = idParamsSchema.extend({
  invitationId: idParamsSchema.shape.id,
});

/**
 * What `GET /api/invitations/{token}` adds for a guardian invitation: the children's
 * names, whether the club authorises the link on registration, and the data-processing
 * text (with its version) the guardian must accept.
 */
export const guardianInvitationSchema = z.object({
  players: z.array(z.object({ name: z.string(), lastname: z.string() })),
  authorize_on_accept: z.boolean(),
  data_policy: z.object({ version: z.string(), text: z.string() }),
});
export type GuardianInvitation = z.infer<typeof guardianInvitationSchema>;

/** `GET /api/invitations/{token}` (public): what the invitation page shows. */
export const publicInvitationSchema = z.object({
  email: z.string(),
  club: z.object({ id: z.number().int(), name: z.string() }),
  role: roleRefSchema,
  inviter_name: z.string().nullable(),
  status: z.enum(invitationStatuses),
  expires_at: z.string(),
  /** Whether the e-mail already has an account (then the invitee logs in to accept). */
  account_exists: z.boolean(),
  type: z.enum(invitationTypes),
  /** A guardian invitation's children and consent text (accepted at /api/parents/register). */
  guardian: guardianInvitationSchema.nullable(),
});
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;
export const publicInvitationResponseSchema = z.object({ data: publicInvitationSchema });

/**
 * `POST /api/invitations/{token}/accept`. With a signed-in session of the invited e-mail
 * the body is empty; without an account it carries the new account's fields (the e-mail
 * is the invitation's). Answers like login: `{ token, user }`.
 */
export const invitationAcceptNewAccountSchema = z
  .object(newAccountFields)
  .refine(passwordsMatch, passwordMismatch)
  .superRefine(refusePersonalPassword);
export type InvitationAcceptNewAccount = z.input<typeof invitationAcceptNewAccountSchema>;
/**
 * What the accept endpoint parses first: every field optional, because an invitee who is
 * signed in sends none. Without an account the server then requires
 * `invitationAcceptNewAccountSchema` and answers 400 with the missing fields.
 */
export const invitationAcceptRequestSchema = z
  .object({
    name: textSchema('El nombre').optional(),
    lastname: textSchema('El apellido').optional(),
    password: textSchema('La contraseña').optional(),
    password_confirmation: textSchema('La confirmación de la contraseña').optional(),
  })
  .default({});
