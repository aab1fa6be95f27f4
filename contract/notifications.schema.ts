import { z } from 'zod';
import { idSchema } from './common.schema';
import { formatInstantDay } from './dates.format';

/*
 * The notification centre (SPEC §2 "Notification centre", §3 "Notification", §7, issue
 * #13): the user's own notifications under /api/notifications, behind the session (not
 * under a club path). By default a list holds the working club's notifications plus the
 * platform-wide ones (no club); archived ones never appear in a list or a count.
 */

/** The kinds of notification (SPEC §3); server/db/schema/notifications.ts checks the same list. */
export const NOTIFICATION_TYPES = [
  'event_reminder',
  'attendance_alert',
  'payment_due',
  'system_alert',
  'club_announcement',
  'training_update',
  'match_result',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** SPEC §9, most urgent first. */
export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export const NOTIFICATION_STATUSES = ['unread', 'read'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** What a person reads for each type (icons and filters in the centre, the preferences screen). */
export const notificationTypeLabels: Record<NotificationType, string> = {
  event_reminder: 'Recordatorio de evento',
  attendance_alert: 'Alerta de asistencia',
  payment_due: 'Pago pendiente',
  system_alert: 'Alerta del sistema',
  club_announcement: 'Anuncio del club',
  training_update: 'Cambio de entrenamiento',
  match_result: 'Resultado de partido',
};

export const notificationPriorityLabels: Record<NotificationPriority, string> = {
  urgent: 'Urgente',
  high: 'Alta',
  medium: 'Media',
  low: 'Baja',
};

/**
 * Which types also arrive by e-mail when the person has not chosen (no preference row):
 * the club's announcements and the platform's alerts; the rest stay in the app.
 */
export const NOTIFICATION_EMAIL_DEFAULTS: Record<NotificationType, boolean> = {
  event_reminder: false,
  attendance_alert: false,
  payment_due: false,
  system_alert: true,
  club_announcement: true,
  training_update: false,
  match_result: false,
};

/** SPEC §9: the full list shows 50, the bell's dropdown 5; a client may ask up to 100. */
export const NOTIFICATION_LIST_LIMIT = 50;
export const NOTIFICATION_DROPDOWN_LIMIT = 5;
export const NOTIFICATION_MAX_LIMIT = 100;

export const notificationMessages = {
  notFound: 'Notificación no encontrada',
  badStatus: "El estado debe ser 'unread' o 'read'",
  badType: `El tipo debe ser uno de: ${NOTIFICATION_TYPES.join(', ')}`,
  badPriority: `La prioridad debe ser una de: ${NOTIFICATION_PRIORITIES.join(', ')}`,
  badLimit: `El límite debe ser un número entero entre 1 y ${NOTIFICATION_MAX_LIMIT}`,
  badEmailChoice: 'La preferencia de correo debe ser verdadero o falso',
  badPreferences: 'Las preferencias de correo deben ser un objeto { tipo: verdadero o falso }',
} as const;

/** 1 to 100, as a query string sends it (digits) or a client's number; else 400 on `limit`. */
const limitSchema = (byDefault: number) =>
  z
    .union(
      [
        z.int(notificationMessages.badLimit),
        z.string().regex(/^[1-9][0-9]{0,2}$/, notificationMessages.badLimit),
      ],
      { error: notificationMessages.badLimit },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, notificationMessages.badLimit)
        .max(NOTIFICATION_MAX_LIMIT, notificationMessages.badLimit),
    )
    .default(byDefault);

/**
 * `GET /api/notifications`: optional filters, newest first, at most `limit`; `before`, the
 * id of the last one a page showed, asks for the next page (the ones listed after it).
 */
export const notificationListQuerySchema = z.object({
  status: z.enum(NOTIFICATION_STATUSES, { error: notificationMessages.badStatus }).optional(),
  type: z.enum(NOTIFICATION_TYPES, { error: notificationMessages.badType }).optional(),
  priority: z.enum(NOTIFICATION_PRIORITIES, { error: notificationMessages.badPriority }).optional(),
  limit: limitSchema(NOTIFICATION_LIST_LIMIT),
  before: idSchema('La notificación de referencia (before)').optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

/** `GET /api/notifications/dropdown`: the latest few for the bell. */
export const notificationDropdownQuerySchema = z.object({
  limit: limitSchema(NOTIFICATION_DROPDOWN_LIMIT),
});

export const notificationIdParamsSchema = z.object({ id: idSchema('La notificación') });

/** One notification as the centre shows it: every field of SPEC §3. */
export const notificationItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  status: z.enum(NOTIFICATION_STATUSES),
  /** ISO instant it was first read; null while unread. */
  read_at: z.string().nullable(),
  created_at: z.string(),
  /** The club it is about; null for platform-wide ones. */
  club: z.object({ name: z.string() }).nullable(),
  is_read: z.boolean(),
  /** 'Hace 5 min', computed by the server from its clock (`timeAgo`). */
  time_ago: z.string(),
  club_name: z.string().nullable(),
  /** `action_url`: the screen to open; plus the subject's ids (payment_id, …). */
  data: z.looseObject({ action_url: z.string().optional() }),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(notificationItemSchema),
});

/**
 * `GET /api/notifications/stats`. `high_priority`: unread ones of priority urgent or
 * high (the 'Urgentes' tile); `recent`: created in the last 24 hours.
 */
export const notificationStatsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    total: z.number().int().describe('Las notificaciones de la lista (sin las archivadas)'),
    unread: z.number().int().describe('Las que no se han leído'),
    high_priority: z.number().int().describe('Las no leídas de prioridad urgent o high'),
    recent: z.number().int().describe('Las creadas en las últimas 24 horas'),
  }),
});
export type NotificationStats = z.infer<typeof notificationStatsResponseSchema>['data'];

export const notificationDropdownResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(notificationItemSchema),
  unread_count: z.number().int(),
});

export const notificationUnreadCountResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ count: z.number().int() }),
});

/** `PATCH …/{id}/read`: the notification as it now is. */
export const notificationResponseSchema = z.object({
  success: z.literal(true),
  data: notificationItemSchema,
});

export const notificationMarkAllResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ updated_count: z.number().int() }),
});

/** `PATCH …/{id}/archive` and `DELETE …/{id}`: which one left the list. */
export const notificationRemovedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number().int() }),
});

/**
 * The e-mail choice of every type (defaults filled in): an object with one property per
 * type, so the OpenAPI document names each (a record's keys were only `required`).
 */
export const notificationEmailChoicesSchema = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<
    NotificationType,
    z.ZodBoolean
  >,
);

export const notificationPreferencesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ email: notificationEmailChoicesSchema }),
});

/** `PUT /api/notifications/preferences`: the types to change; the others keep their choice. */
export const notificationPreferencesRequestSchema = z.object({
  email: z.partialRecord(
    z.enum(NOTIFICATION_TYPES, { error: notificationMessages.badType }),
    z.boolean({ error: notificationMessages.badEmailChoice }),
    { error: notificationMessages.badPreferences },
  ),
});
export type NotificationPreferencesRequest = z.infer<typeof notificationPreferencesRequestSchema>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, in Spanish: 'Hace un momento' (under a minute, or a clock slightly
 * behind), 'Hace N min', 'Hace Nh', 'Hace Nd' (under 7 days), else the es-CO date
 * (dd/mm/aaaa) in `timeZone`. The server computes it from its clock; the UI may reuse it.
 */
export function timeAgo(createdAt: Date, now: Date, timeZone = 'America/Bogota'): string {
  const elapsed = now.getTime() - createdAt.getTime();
  if (elapsed < MINUTE) return 'Hace un momento';
  if (elapsed < HOUR) return `Hace ${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `Hace ${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 7 * DAY) return `Hace ${Math.floor(elapsed / DAY)}d`;
  return formatInstantDay(createdAt, timeZone);
}
