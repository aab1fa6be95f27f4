import { z } from 'zod';
import {
  clubIdParamsSchema,
  idSchema,
  isRealIsoDate,
  MAX_ID,
  listQuerySchema,
  listResponseSchema,
  optionalText,
  requiredText,
  textSchema,
  wholeNumberSchema,
} from './common.schema';

/*
 * The calendar (DOMAIN.md "Calendar", issue #14): sessions and events of a club under
 * /api/pla_club_teams/{id}/sessions (module permissions sessions.view / create / update /
 * delete). A weekly series is expanded by the server into one session per occurrence;
 * edits and cancellations of an occurrence name their scope: this one, this and the
 * following, or the whole series — never touching past occurrences that have attendance.
 * Instants travel as ISO 8601 with an offset; the server reads their wall-clock time in
 * the club's timezone. Weekdays are ISO: 1 = Monday … 7 = Sunday.
 */

import {
  RANGE_MAX_DAYS,
  SERIES_MAX_OCCURRENCES,
  SESSION_NOTES_MAX,
  SESSION_TEXT_MAX,
  SESSION_TITLE_MAX,
  homeAwayValues,
  sessionMessages,
  sessionScopes,
  sessionStatuses,
  sessionTypes,
} from './sessions.labels';

export * from './sessions.labels';

const instant = (label: string) =>
  textSchema(label).pipe(
    z.iso.datetime({ offset: true, error: sessionMessages.badInstant(label) }),
  );

const isoDate = (label: string) =>
  textSchema(label).refine(isRealIsoDate, sessionMessages.badDate(label));

const weekday = wholeNumberSchema(sessionMessages.badWeekday).pipe(
  z.number().min(1, sessionMessages.badWeekday).max(7, sessionMessages.badWeekday),
);

/** A weekly rule: on `weekdays`, until a date (inclusive) or for `count` occurrences. */
export const recurrenceSchema = z
  .object({
    weekdays: z
      .array(weekday, { error: sessionMessages.weekdaysNeeded })
      .min(1, sessionMessages.weekdaysNeeded)
      .max(7, sessionMessages.badWeekday)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    until: isoDate('La fecha de fin de la serie').nullish(),
    count: wholeNumberSchema(sessionMessages.badCount)
      .pipe(
        z
          .number()
          .min(1, sessionMessages.badCount)
          .max(SERIES_MAX_OCCURRENCES, sessionMessages.badCount),
      )
      .nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.until == null && value.count == null) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: sessionMessages.seriesEndNeeded });
    } else if (value.until != null && value.count != null) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: sessionMessages.seriesTwoEnds });
    }
  });
export type Recurrence = z.output<typeof recurrenceSchema>;

const score = wholeNumberSchema(sessionMessages.badScore).pipe(
  z.number().min(0, sessionMessages.badScore).max(99, sessionMessages.badScore),
);

const sessionFields = {
  type: z.enum(sessionTypes, { error: sessionMessages.badType }),
  title: requiredText('El título', SESSION_TITLE_MAX),
  /** null = the whole club. */
  category_id: idSchema('La categoría').nullable(),
  starts_at: instant('El inicio'),
  ends_at: instant('El fin'),
  location: optionalText('El lugar', SESSION_TEXT_MAX),
  /** The trainer in charge (a user id holding the club's Entrenador role). */
  trainer_id: idSchema('El entrenador').nullish(),
  notes: optionalText('Las notas', SESSION_NOTES_MAX, { multiline: true }),
  opponent: optionalText('El rival', SESSION_TEXT_MAX),
  home_away: z.enum(homeAwayValues, { error: "Debe ser 'home' o 'away'" }).nullish(),
  competition: optionalText('La competición', SESSION_TEXT_MAX),
};

/** Refuses an end not after the start, or a session longer than a day, on `ends_at`. */
const timesInOrder = (
  value: { starts_at?: string | undefined; ends_at?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (!value.starts_at || !value.ends_at) return;
  const length = Date.parse(value.ends_at) - Date.parse(value.starts_at);
  if (length <= 0)
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: sessionMessages.endBeforeStart });
  else if (length > 24 * 60 * 60 * 1000) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: sessionMessages.tooLong });
  }
};

/** `POST …/sessions`: one session, or with `recurrence` a weekly series from `starts_at`. */
export const sessionCreateSchema = z
  .object({
    ...sessionFields,
    category_id: sessionFields.category_id.default(null),
    recurrence: recurrenceSchema.nullish(),
  })
  .superRefine(timesInOrder);
export type SessionCreate = z.output<typeof sessionCreateSchema>;
export type SessionCreateInput = z.input<typeof sessionCreateSchema>;

const scopeSchema = z.enum(sessionScopes, { error: sessionMessages.badScope });

/**
 * `PATCH …/sessions/{sessionId}`: the fields sent change; for an occurrence of a series
 * `scope` says which ones (default 'this'). A new start or end moves each reached
 * occurrence by the same wall-clock change; `recurrence` (scope following or series)
 * re-plans the series from this occurrence.
 */
export const sessionUpdateSchema = z
  .object({ ...sessionFields, recurrence: recurrenceSchema })
  .partial()
  .extend({ scope: scopeSchema.default('this') })
  .superRefine(timesInOrder);
export type SessionUpdate = z.output<typeof sessionUpdateSchema>;
export type SessionUpdateInput = z.input<typeof sessionUpdateSchema>;

/** `POST …/sessions/{sessionId}/cancel`. */
export const sessionCancelSchema = z.object({
  scope: scopeSchema.default('this'),
  reason: optionalText('El motivo', SESSION_TEXT_MAX),
});
export type SessionCancelInput = z.input<typeof sessionCancelSchema>;

/** `DELETE …/sessions/{sessionId}?scope=`: occurrences with attendance are kept (cancel them). */
export const sessionDeleteQuerySchema = z.object({ scope: scopeSchema.default('this') });

/** `PUT …/sessions/{sessionId}/result`: a match's score, ours first. */
export const sessionResultSchema = z.object({ score_ours: score, score_theirs: score });
export type SessionResultInput = z.input<typeof sessionResultSchema>;

export const sessionParamsSchema = clubIdParamsSchema.extend({ sessionId: idSchema('La sesión') });

const idList = textSchema('La lista')
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/, sessionMessages.badIdList)
  .transform((value) => value.split(',').map(Number))
  .refine((ids) => ids.length <= 100 && ids.every((id) => id <= MAX_ID), sessionMessages.badIdList);

const typeList = textSchema('La lista')
  .transform((value) => value.split(','))
  .pipe(z.array(z.enum(sessionTypes, { error: sessionMessages.badTypeList })));

/**
 * `GET …/sessions`: the list contract over the sessions starting in [from, to), series
 * expanded. `category_ids` keeps the club-wide sessions too (they are for everyone).
 */
export const sessionListQuerySchema = listQuerySchema({
  sortable: ['starts_at'],
  defaultSort: 'starts_at',
  pageSizes: [25, 50, 100, 500],
  defaultPageSize: 500,
  filters: {
    from: instant('from'),
    to: instant('to'),
    category_ids: idList.optional(),
    types: typeList.optional(),
    status: z.enum(sessionStatuses, { error: sessionMessages.badStatus }).optional(),
  },
}).superRefine((value, ctx) => {
  const span = Date.parse(value.to) - Date.parse(value.from);
  if (!(span > 0))
    ctx.addIssue({ code: 'custom', path: ['to'], message: sessionMessages.badRange });
  else if (span > RANGE_MAX_DAYS * 24 * 60 * 60 * 1000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: sessionMessages.rangeTooLong });
  }
});
export type SessionListQuery = z.output<typeof sessionListQuerySchema>;

/** A session as the API answers it. */
export const sessionSchema = z.object({
  id: z.number().int(),
  series_id: z.number().int().nullable(),
  /** For an occurrence of a series: the day the rule produced it. */
  occurrence_date: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  type: z.enum(sessionTypes),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  location: z.string().nullable(),
  trainer_id: z.number().int().nullable(),
  trainer_name: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(sessionStatuses),
  cancel_reason: z.string().nullable(),
  opponent: z.string().nullable(),
  home_away: z.enum(homeAwayValues).nullable(),
  competition: z.string().nullable(),
  score_ours: z.number().int().nullable(),
  score_theirs: z.number().int().nullable(),
  attendance_closed_at: z.string().nullable(),
  /** The series' rule, for an occurrence. */
  recurrence: z
    .object({
      weekdays: z.array(z.number().int()),
      until: z.string().nullable(),
      count: z.number().int().nullable(),
    })
    .nullable(),
  /** Whether the caller may edit, cancel, take attendance and call up (the server's rule). */
  can_manage: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListResponseSchema = listResponseSchema(sessionSchema);
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

/** What a write did: the sessions it created or changed (the first one for a series). */
export const sessionWriteResponseSchema = z.object({
  session: sessionSchema,
  /** How many occurrences the write created, changed, cancelled or deleted. */
  affected: z.number().int().nonnegative(),
  /** Past occurrences with attendance that the write left as they were. */
  kept: z.number().int().nonnegative(),
});
export type SessionWriteResponse = z.infer<typeof sessionWriteResponseSchema>;

/** `DELETE …/sessions/{sessionId}`: how many occurrences went, and how many were kept. */
export const sessionDeleteResponseSchema = sessionWriteResponseSchema.pick({
  affected: true,
  kept: true,
});
export type SessionDeleteResponse = z.infer<typeof sessionDeleteResponseSchema>;
