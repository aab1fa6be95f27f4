import { z } from 'zod';
import { idSchema, optionalText } from './common.schema';
import { sessionParamsSchema } from './sessions.schema';

/*
 * Call-ups (convocatorias, issue #14): the trainer calls up players for a match or event;
 * each player or their guardian answers Voy / No voy / Tal vez with a reason; the trainer
 * sees who comes and reminds the silent ones. Under
 * /api/pla_club_teams/{id}/sessions/{sessionId}/call-ups (sessions.view to read and answer,
 * sessions.update to call up and remind).
 */

export const callUpAnswers = ['pending', 'yes', 'no', 'maybe'] as const;
export type CallUpAnswer = (typeof callUpAnswers)[number];
export const callUpAnswerLabels: Record<CallUpAnswer, string> = {
  pending: 'Sin respuesta',
  yes: 'Voy',
  no: 'No voy',
  maybe: 'Tal vez',
};

export const CALL_UP_REASON_MAX = 200;
export const CALL_UPS_MAX = 200;

export const callUpMessages = {
  notCalledUp: 'Este jugador no está convocado',
  notYourPlayer: 'Solo puedes responder por ti o por tus hijos',
  notInSession: 'Estos jugadores no pertenecen a la categoría de la sesión',
  cancelledSession: 'La sesión está cancelada',
  badAnswer: "La respuesta debe ser 'yes', 'no' o 'maybe'",
  tooMany: `No se pueden convocar más de ${CALL_UPS_MAX} jugadores`,
  duplicatePlayer: 'Un jugador aparece más de una vez en la lista',
} as const;

export const callUpSchema = z.object({
  player_id: z.number().int(),
  name: z.string(),
  photo_url: z.string().nullable(),
  answer: z.enum(callUpAnswers),
  reason: z.string().nullable(),
  answered_at: z.string().nullable(),
  answered_by_name: z.string().nullable(),
  reminded_at: z.string().nullable(),
});
export type CallUp = z.infer<typeof callUpSchema>;

/** `GET …/call-ups`: a family sees only their own rows, but the whole summary. */
export const callUpListSchema = z.object({
  summary: z.object({
    called: z.number().int(),
    yes: z.number().int(),
    no: z.number().int(),
    maybe: z.number().int(),
    pending: z.number().int(),
  }),
  can_manage: z.boolean(),
  /** Whom the caller may answer for: themself, their children, or everyone for a manager. */
  answerable_player_ids: z.array(z.number().int()),
  data: z.array(callUpSchema),
});
export type CallUpList = z.infer<typeof callUpListSchema>;

/** `PUT …/call-ups`: who is called up (new ones pending and told; missing ones removed). */
export const callUpSetSchema = z.object({
  player_ids: z
    .array(idSchema('El jugador'), { error: 'player_ids debe ser una lista de ids' })
    .max(CALL_UPS_MAX, callUpMessages.tooMany),
});
export type CallUpSetInput = z.input<typeof callUpSetSchema>;

/** `POST …/call-ups/{playerId}/answer`. */
export const callUpAnswerSchema = z.object({
  answer: z.enum(['yes', 'no', 'maybe'], { error: callUpMessages.badAnswer }),
  reason: optionalText('El motivo', CALL_UP_REASON_MAX),
});
export type CallUpAnswerInput = z.input<typeof callUpAnswerSchema>;
export type CallUpReply = z.output<typeof callUpAnswerSchema>;

/** `POST …/call-ups/remind`: how many pending players were reminded. */
export const callUpRemindResponseSchema = z.object({ reminded: z.number().int() });

export const callUpParamsSchema = sessionParamsSchema.extend({ playerId: idSchema('El jugador') });
