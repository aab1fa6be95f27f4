import { z } from 'zod';
import { clubIdParamsSchema, idSchema, textSchema } from './common.schema';

/*
 * Calendar feeds (issue #14): a secret, revocable ICS URL a person subscribes to from
 * Google Calendar or a phone, for one category they see or for themselves (everything
 * they see). Made, listed and revoked under /api/pla_club_teams/{id}/calendar-feeds
 * (sessions.view, each person their own feeds); read without a session at
 * GET /api/calendar-feeds/{token}.ics. Only the token's sha256 is stored, so the URL is
 * shown once, when the feed is made.
 */

export const calendarFeedKinds = ['category', 'person'] as const;
export type CalendarFeedKind = (typeof calendarFeedKinds)[number];

/** Where a feed is read: `<app url>${CALENDAR_FEED_PATH}<token>.ics`. */
export const CALENDAR_FEED_PATH = '/api/calendar-feeds/';

/** A feed holds the sessions from this many days back … */
export const FEED_PAST_DAYS = 60;
/** … to this many days ahead. */
export const FEED_FUTURE_DAYS = 365;

export const calendarFeedMessages = {
  /** The only answer of the public feed to anything but a working token. */
  notFound: 'Calendario no encontrado',
  feedNotFound: 'Esa suscripción al calendario no existe',
  unknownCategory: 'Esa categoría no existe en el club o no puedes verla',
  badKind: "El tipo de calendario debe ser 'category' o 'person'",
  unknownField: 'Este campo no existe en una suscripción al calendario',
} as const;

/** `POST …/calendar-feeds`: one category's sessions, or the caller's own calendar. */
export const calendarFeedCreateSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject(
      { kind: z.literal('category'), category_id: idSchema('La categoría') },
      { error: calendarFeedMessages.unknownField },
    ),
    z.strictObject({ kind: z.literal('person') }, { error: calendarFeedMessages.unknownField }),
  ],
  { error: calendarFeedMessages.badKind },
);
export type CalendarFeedCreate = z.output<typeof calendarFeedCreateSchema>;
export type CalendarFeedCreateInput = z.input<typeof calendarFeedCreateSchema>;

export const calendarFeedParamsSchema = clubIdParamsSchema.extend({
  feedId: idSchema('La suscripción'),
});

/** The public token: anything malformed is answered like an unknown feed (404). */
export const publicCalendarFeedParamsSchema = z.object({
  token: textSchema('El calendario', { typeError: calendarFeedMessages.notFound }).max(
    200,
    calendarFeedMessages.notFound,
  ),
});

/** A feed as its owner lists it: never its URL (only the token's hash is kept). */
export const calendarFeedSchema = z.object({
  id: z.number().int(),
  kind: z.enum(calendarFeedKinds),
  /** The category of a category feed; null for a person's. */
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The answer of `POST`: the feed and its URL, shown this once. */
export const calendarFeedCreatedSchema = calendarFeedSchema.omit({ revoked_at: true }).extend({
  /** `https://…/api/calendar-feeds/<token>.ics`. */
  url: z.string(),
  /** The same with `webcal://`, which a phone opens as a subscription. */
  webcal_url: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** The caller's feeds in the club, newest first (revoked ones too, marked). */
export const calendarFeedListResponseSchema = z.object({ data: z.array(calendarFeedSchema) });
export type CalendarFeedListResponse = z.infer<typeof calendarFeedListResponseSchema>;
