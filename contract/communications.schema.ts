import { z } from 'zod';
import {
  idSchema,
  listQuerySchema,
  listResponseSchema,
  requiredText,
  textSchema,
} from './common.schema';
import { roleNames } from './roles.schema';

/*
 * Comunicaciones Masivas (issue #17): what the super admin tells everyone, the holders of
 * one role, or the members of chosen clubs, in the app (a notification) and/or by e-mail
 * (the outbox). Stored once in `mass_communications` with its reach. See docs/platform.md.
 */

export const COMMUNICATION_KINDS = ['announcement', 'system_alert'] as const;
export type CommunicationKind = (typeof COMMUNICATION_KINDS)[number];

export const communicationKindLabels: Record<CommunicationKind, string> = {
  announcement: 'Anuncio',
  system_alert: 'Alerta del sistema',
};

export const COMMUNICATION_CHANNELS = ['in_app', 'email'] as const;
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

export const communicationChannelLabels: Record<CommunicationChannel, string> = {
  in_app: 'En la aplicación',
  email: 'Correo electrónico',
};

export const COMMUNICATION_TITLE_MAX = 120;
export const COMMUNICATION_BODY_MAX = 2000;
/** How many clubs one communication may name. */
export const COMMUNICATION_CLUBS_MAX = 500;
/** How many names the preview shows. */
export const COMMUNICATION_SAMPLE_SIZE = 5;

export const communicationMessages = {
  badKind: `El tipo debe ser uno de: ${COMMUNICATION_KINDS.join(', ')}`,
  badAudience:
    "El público debe ser { kind: 'all' }, { kind: 'role', role } o { kind: 'clubs', club_ids }",
  badRole: `El rol debe ser uno de: ${roleNames.join(', ')}`,
  noClubs: 'Elige al menos un club',
  tooManyClubs: `Puedes elegir como mucho ${COMMUNICATION_CLUBS_MAX} clubes`,
  badChannel: `Los canales deben ser algunos de: ${COMMUNICATION_CHANNELS.join(', ')}`,
  noChannel: 'Elige al menos un canal: en la aplicación o por correo',
  unknownClub: 'Alguno de los clubes no existe',
  nobody: 'La comunicación no llega a nadie: revisa el público elegido',
  sent: (count: number) =>
    `Comunicación enviada a ${count} ${count === 1 ? 'persona' : 'personas'}`,
  repeated: 'Esta comunicación ya se había enviado: no se envió otra vez',
  noKey: 'La clave del envío es obligatoria',
  badKey: 'La clave del envío debe ser un UUID',
  keyLost: 'Esta comunicación se estaba enviando a la vez: revisa el historial antes de repetirla',
} as const;

/** Who it reaches: every account, the holders of one role in any club, or chosen clubs. */
export const communicationAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }),
    z.object({
      kind: z.literal('role'),
      role: z.enum(roleNames, { error: communicationMessages.badRole }),
    }),
    z.object({
      kind: z.literal('clubs'),
      club_ids: z
        .array(idSchema('El club'), { error: communicationMessages.noClubs })
        .min(1, communicationMessages.noClubs)
        .max(COMMUNICATION_CLUBS_MAX, communicationMessages.tooManyClubs)
        // Sorted and once each: the stored audience compares equal for the same choice.
        .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
    }),
  ],
  { error: communicationMessages.badAudience },
);
export type CommunicationAudience = z.output<typeof communicationAudienceSchema>;
export type CommunicationAudienceInput = z.input<typeof communicationAudienceSchema>;

/** `POST /api/admin/communications` and `…/preview`. */
export const communicationCreateSchema = z.object({
  kind: z.enum(COMMUNICATION_KINDS, { error: communicationMessages.badKind }),
  title: requiredText('El título', COMMUNICATION_TITLE_MAX),
  body: requiredText('El mensaje', COMMUNICATION_BODY_MAX, { multiline: true }),
  audience: communicationAudienceSchema,
  channels: z
    .array(z.enum(COMMUNICATION_CHANNELS, { error: communicationMessages.badChannel }), {
      error: communicationMessages.noChannel,
    })
    .min(1, communicationMessages.noChannel)
    .transform((list) => COMMUNICATION_CHANNELS.filter((channel) => list.includes(channel))),
});
export type CommunicationCreateInput = z.input<typeof communicationCreateSchema>;
export type CommunicationCreate = z.output<typeof communicationCreateSchema>;

/**
 * `POST /api/admin/communications`: the message and the key the browser made once for it
 * (`crypto.randomUUID()`), kept across retries of the same message. The same sender and
 * key answer the first communication instead of sending again.
 */
export const communicationSendSchema = communicationCreateSchema.extend({
  idempotency_key: textSchema('La clave del envío', { typeError: communicationMessages.noKey })
    .pipe(z.uuid({ error: communicationMessages.badKey }))
    .transform((key) => key.toLowerCase()),
});
export type CommunicationSendInput = z.input<typeof communicationSendSchema>;
export type CommunicationSend = z.output<typeof communicationSendSchema>;

/** What the preview answers: how many people it would reach and a few of their names. */
export const communicationPreviewSchema = z.object({
  recipients: z.number().int().nonnegative(),
  /** Of them, how many have an e-mail address (the e-mail channel also asks their preference). */
  with_email: z.number().int().nonnegative(),
  sample: z.array(z.string()),
});
export type CommunicationPreview = z.infer<typeof communicationPreviewSchema>;

export const communicationPreviewResponseSchema = z.object({
  success: z.literal(true),
  data: communicationPreviewSchema,
});

/** One sent communication, as the history lists it. */
export const communicationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(COMMUNICATION_KINDS),
  title: z.string(),
  body: z.string(),
  audience: z.union([
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('role'), role: z.string() }),
    z.object({ kind: z.literal('clubs'), club_ids: z.array(z.number().int()) }),
  ]),
  channels: z.array(z.enum(COMMUNICATION_CHANNELS)),
  /** How many people it reached (the sender never counts). */
  recipients: z.number().int(),
  created_at: z.string(),
  /** When every recipient had been notified or mailed; null while it is being delivered. */
  delivered_at: z.string().nullable(),
  sender: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type Communication = z.infer<typeof communicationSchema>;

/** 201 for a new one; 200 with `repeated` when its key was already sent (a retry, a double click). */
export const communicationResponseSchema = z.object({
  success: z.literal(true),
  data: communicationSchema,
  repeated: z.boolean(),
});
export type CommunicationResponse = z.infer<typeof communicationResponseSchema>;

export const communicationSortFields = ['created_at', 'recipients', 'title'] as const;

/** The history, newest first, paginated like every list. */
export const communicationListQuerySchema = listQuerySchema({
  sortable: communicationSortFields,
  defaultSort: '-created_at',
});
export type CommunicationListQuery = z.output<typeof communicationListQuerySchema>;

export const communicationListResponseSchema = listResponseSchema(communicationSchema).extend({
  success: z.literal(true),
});
export type CommunicationListResponse = z.infer<typeof communicationListResponseSchema>;
