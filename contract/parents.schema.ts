import { z } from 'zod';
import { emailSchema } from './auth.schema';
import { idSchema, textSchema } from './common.schema';
import { invitationAcceptRequestSchema } from './invitations.schema';
import { familyChartsSchema } from './dashboards.schema';
import { childIdentitySchema } from './child-identity.schema';
import { paymentDueSchema } from './family-payments.schema';

/*
 * Families (issue #15, DOMAIN.md "Parent–child links"): a guardian's link to a child in a
 * club, authorised by the club's staff or the child's primary guardian; invitations of
 * guardians by token; the data-processing consent of Colombia's Ley 1581 and the photo
 * consent per channel. Paths: GET /api/parents/children, PUT
 * /api/parents/child/{id}/authorize, POST /api/parents/invite, POST
 * /api/parents/register/{token}, PUT /api/parents/child/{id}/photo-consent.
 */

export const guardianLinkStatuses = ['pending', 'authorized', 'denied'] as const;
export type GuardianLinkStatus = (typeof guardianLinkStatuses)[number];
export const guardianLinkStatusLabels: Record<GuardianLinkStatus, string> = {
  pending: 'Pendiente de autorización',
  authorized: 'Autorizado',
  denied: 'No autorizado',
};

/** Where a child's photo may appear; absent consent is no consent (minors: explicit only). */
export const photoChannels = ['internal', 'public_web', 'social'] as const;
export type PhotoChannel = (typeof photoChannels)[number];
export const photoChannelLabels: Record<PhotoChannel, string> = {
  internal: 'Uso interno del club',
  public_web: 'Sitio web público',
  social: 'Redes sociales',
};
/** The same channels in a word, for a grid cell and the players export. */
export const photoChannelShortLabels: Record<PhotoChannel, string> = {
  internal: 'Interno',
  public_web: 'Web',
  social: 'Redes',
};

/**
 * The data-processing text's version a guardian accepts; a new wording gets a new
 * version, and consents keep the version they accepted.
 */
export const DATA_POLICY_VERSION = '2026-11-01';

/** The club's data-processing authorisation (Ley 1581 de 2012, Decreto 1377 de 2013). */
export const dataPolicyText = (clubName: string): string =>
  [
    `Autorizo a ${clubName}, como responsable del tratamiento, a recolectar, almacenar, usar y ` +
      'actualizar mis datos personales y los de los menores a mi cargo (identificación, contacto, ' +
      'salud deportiva, asistencia y pagos) con el fin de gestionar su participación en el club, ' +
      'comunicarme novedades, cobros y convocatorias, y atender emergencias.',
    'Sé que los datos de salud son sensibles y que no estoy obligado a suministrarlos; que los ' +
      'derechos de los menores prevalecen; y que puedo conocer, actualizar, rectificar y suprimir mis ' +
      'datos, y revocar esta autorización, escribiendo al club. Las fotografías solo se usan en los ' +
      'canales que autorice por separado.',
  ].join('\n\n');

export const parentMessages = {
  childNotFound: 'No encontramos ese jugador entre tus hijos o los jugadores del club',
  notGuardian: 'Esa persona no es acudiente de este jugador',
  cannotAuthorize: 'Solo el personal del club o el acudiente principal pueden autorizar acudientes',
  notGuardianInvitation: 'Esta invitación no es de acudiente',
  consentRequired: 'Debes aceptar la autorización de tratamiento de datos para continuar',
  consentOutdated: 'El texto de tratamiento de datos cambió. Recarga la página y léelo de nuevo.',
  noGuardianEmail: 'El jugador no tiene correo de acudiente',
  alreadyLinked: 'Ese acudiente ya está vinculado al jugador',
  notAPlayer: 'Esa persona no es jugador del club',
  pendingAuthorization: 'El club aún no autoriza tu vínculo con este jugador',
  deniedAuthorization: 'El club no autorizó tu vínculo con este jugador. Comunícate con el club.',
  invited: (count: number) =>
    count === 1
      ? 'Se envió 1 invitación de acudiente'
      : `Se enviaron ${count} invitaciones de acudiente`,
  authorized: 'Acudiente autorizado',
  denied: 'Vínculo de acudiente no autorizado',
  photoConsentSaved: 'Autorización de fotografías guardada',
} as const;

export const childParamsSchema = z.object({ id: idSchema('El identificador del jugador') });

/** `PUT /api/parents/child/{id}/authorize`: who, in which club, and the decision. */
export const guardianAuthorizeSchema = z.object({
  club_id: idSchema('El identificador del club'),
  guardian_id: idSchema('El identificador del acudiente'),
  status: z.enum(['authorized', 'denied'], { error: 'La decisión debe ser autorizar o negar' }),
});
export type GuardianAuthorizeInput = z.input<typeof guardianAuthorizeSchema>;

/**
 * `POST /api/parents/invite`: staff invite guardians of `player_ids` in `club_id`. With
 * `email` one invitation for all of them; without it, one per distinct guardian e-mail
 * captured on the players (the 'Invitar acudiente' action, single or bulk). `authorize`:
 * the links are authorised at registration (true) or wait for the club (false).
 */
export const guardianInviteSchema = z.object({
  club_id: idSchema('El identificador del club'),
  player_ids: z
    .array(idSchema('El identificador del jugador'), { error: 'Elige al menos un jugador' })
    .min(1, 'Elige al menos un jugador')
    .max(500, 'Invita a lo sumo 500 jugadores a la vez'),
  email: emailSchema.optional(),
  authorize: z.boolean({ error: 'Indica si el vínculo queda autorizado' }).default(true),
});
export type GuardianInviteInput = z.input<typeof guardianInviteSchema>;

export const guardianInviteSkipReasons = ['no_email', 'not_a_player', 'already_linked'] as const;
export const guardianInviteResponseSchema = z.object({
  data: z.object({
    sent: z.array(z.object({ email: z.string(), player_ids: z.array(z.number().int()) })),
    skipped: z.array(
      z.object({ player_id: z.number().int(), reason: z.enum(guardianInviteSkipReasons) }),
    ),
  }),
});
export type GuardianInviteResponse = z.infer<typeof guardianInviteResponseSchema>['data'];

/**
 * `POST /api/parents/register/{token}`: the invitation's acceptance (new account fields,
 * or none when signed in as the invitee) plus the data-processing consent of its version.
 */
export const guardianRegisterSchema = invitationAcceptRequestSchema.unwrap().extend({
  accept_data_policy: z.literal(true, { error: parentMessages.consentRequired }),
  data_policy_version: textSchema('La versión del texto de tratamiento de datos').max(20),
});
export type GuardianRegisterInput = z.input<typeof guardianRegisterSchema>;

/** `PUT /api/parents/child/{id}/photo-consent`: one channel's consent for a child. */
export const photoConsentSchema = z.object({
  club_id: idSchema('El identificador del club'),
  channel: z.enum(photoChannels, { error: 'El canal no es válido' }),
  granted: z.boolean({ error: 'Indica si autorizas o no' }),
});
export type PhotoConsentInput = z.input<typeof photoConsentSchema>;

/** A child's photo consent in every channel (true: granted); the players grid shows it. */
export const photoConsentStateSchema = z.object(
  Object.fromEntries(photoChannels.map((channel) => [channel, z.boolean()])) as Record<
    PhotoChannel,
    z.ZodBoolean
  >,
);
export type PhotoConsentState = z.infer<typeof photoConsentStateSchema>;
/** Answer of `PUT /api/parents/child/{id}/photo-consent`: the child's consent in every channel. */
export const photoConsentResponseSchema = z.object({
  data: photoConsentStateSchema,
  message: z.string(),
});

const upcomingSessionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  location: z.string().nullable(),
});

/** What a family sees of one player in one club: the parent and the player dashboards. */
export const familySummarySchema = z.object({
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  photo_consent: photoConsentStateSchema,
  next_sessions: z.array(upcomingSessionSchema),
  /**
   * The last 90 days in attendance-figures.ts terms: rate = (present + late) / counted,
   * counted = marks − excused; rate null with none.
   */
  attendance: z.object({ rate: z.number().nullable(), counted: z.number().int() }),
  /** Pending, overdue, rejected and in-review payments, oldest period first. */
  payments: z.array(paymentDueSchema),
  /**
   * What is owed now, money-figures.ts's debt over every period: Σ amount_due above of the
   * pending, overdue and in-review ones (a proof in review is owed until approved).
   */
  debt: z.number(),
});
export type FamilySummary = z.infer<typeof familySummarySchema>;

const clubRefSchema = z.object({ id: z.number().int(), name: z.string() });
const personRefSchema = z.object({ id: z.number().int(), name: z.string(), lastname: z.string() });

/**
 * One child as their guardian sees it on `GET /api/parents/children`, in every club.
 * `summary` only for an authorised link: a pending or denied guardian sees that it
 * waits, nothing of the child. `identity` (issue #33): what an authorised guardian changes.
 */
export const parentChildSchema = z.object({
  club: clubRefSchema,
  player: personRefSchema,
  status: z.enum(guardianLinkStatuses),
  is_primary: z.boolean(),
  summary: familySummarySchema.nullable(),
  identity: childIdentitySchema.nullable(),
});
export type ParentChild = z.infer<typeof parentChildSchema>;
export const parentChildrenResponseSchema = z.object({ data: z.array(parentChildSchema) });

/**
 * `GET /api/dashboard/parent` (issue #16): the children of `GET /api/parents/children`
 * with their charts, `charts` only for an authorised link (null otherwise).
 */
export const parentDashboardResponseSchema = z.object({
  data: z.array(parentChildSchema.extend({ charts: familyChartsSchema.nullable() })),
});
export type ParentDashboardEntry = z.infer<typeof parentDashboardResponseSchema>['data'][number];

/**
 * `GET /api/dashboard/player`: the signed-in player's own summary in each club where
 * they are a current player (the dashboards issue adds its charts).
 */
export const playerDashboardResponseSchema = z.object({
  data: z.array(
    z.object({
      club: clubRefSchema,
      player: personRefSchema,
      summary: familySummarySchema,
      charts: familyChartsSchema,
    }),
  ),
});
export type PlayerDashboardEntry = z.infer<typeof playerDashboardResponseSchema>['data'][number];

/** A guardian of a player as the club's staff see it (the player's form, the grid). */
export const playerGuardianSchema = z.object({
  guardian_id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  status: z.enum(guardianLinkStatuses),
  is_primary: z.boolean(),
  decided_at: z.string().nullable(),
});
export type PlayerGuardian = z.infer<typeof playerGuardianSchema>;
/** `GET /api/pla_club_teams/{id}/players/{playerId}/guardians`: primary first, then by name. */
export const playerGuardianListResponseSchema = z.object({ data: z.array(playerGuardianSchema) });
/** Answer of `PUT /api/parents/child/{id}/authorize`: the link as decided. */
export const playerGuardianResponseSchema = z.object({
  data: playerGuardianSchema,
  message: z.string(),
});
export * from './child-identity.schema';
