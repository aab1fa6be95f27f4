import { z } from 'zod';
import {
  idSchema,
  listQuerySchema,
  listResponseSchema,
  optionalText,
  requiredText,
} from './common.schema';
import { NOTIFICATION_PRIORITIES, type NotificationPriority } from './notifications.schema';
import type { RoleName } from './roles.schema';

/*
 * Club announcements and system alerts (issue #13 item 2): what an owner (communications
 * .create) tells chosen roles and categories of the club, and what the super admin tells
 * one club or the whole platform. The message is stored once (`announcements`); each
 * recipient gets a notification (type club_announcement / system_alert) and, by their
 * e-mail preference, an e-mail. See docs/announcements.md.
 */

/** The audience's roles as a request names them, and the club role each one means. */
export const ANNOUNCEMENT_ROLES = ['owner', 'trainer', 'accountant', 'player', 'parent'] as const;
export type AnnouncementRole = (typeof ANNOUNCEMENT_ROLES)[number];

export const announcementRoleNames: Record<AnnouncementRole, RoleName> = {
  owner: 'Propietario del Club',
  trainer: 'Entrenador',
  accountant: 'Contador',
  player: 'Jugador',
  parent: 'Padre/Acudiente',
};

/** What a person reads for each audience role: the role's own name, as the app shows roles. */
export const announcementRoleLabels: Record<AnnouncementRole, string> = announcementRoleNames;

/** The screens an announcement may open ('Enlace opcional'). */
export const ANNOUNCEMENT_LINKS = [
  { label: 'Inicio', path: '/home/dashboard' },
  { label: 'Calendario', path: '/home/calendar' },
  { label: 'Pagos', path: '/home/payments' },
  { label: 'Jugadores', path: '/home/players' },
  { label: 'Categorías', path: '/home/categories' },
] as const;

/** Where a notification without a link of its own takes the person. */
export const ANNOUNCEMENT_DEFAULT_URL = '/home/dashboard';

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_MESSAGE_MAX = 2000;

export const announcementMessages = {
  badRole: `Los roles deben ser algunos de: ${ANNOUNCEMENT_ROLES.join(', ')}`,
  badRoles: 'Los roles deben ser una lista',
  badCategories: 'Las categorías deben ser una lista de identificadores',
  badPriority: `La prioridad debe ser una de: ${NOTIFICATION_PRIORITIES.join(', ')}`,
  badActionUrl: "El enlace debe ser una pantalla de la aplicación (empieza por '/home/')",
  unknownCategory: 'Alguna de las categorías no es de este club',
  nobody: 'El anuncio no llega a nadie: revisa los roles y categorías',
  nobodyAlert: 'La alerta no llega a nadie: el club no tiene miembros activos',
  clubNotFound: 'Club no encontrado',
  sent: (count: number) => `Anuncio enviado a ${count} ${count === 1 ? 'persona' : 'personas'}`,
} as const;

const priorityField = (byDefault: NotificationPriority) =>
  z.enum(NOTIFICATION_PRIORITIES, { error: announcementMessages.badPriority }).default(byDefault);

/** An app path ('/home/…', no scheme, no host); '' or null: none. */
const actionUrlField = optionalText('El enlace', 300)
  .refine(
    (value) => value == null || (/^\/home\/[^\s]*$/.test(value) && !value.includes('//')),
    announcementMessages.badActionUrl,
  )
  .transform((value) => value ?? null);

const title = requiredText('El título', ANNOUNCEMENT_TITLE_MAX);
const message = requiredText('El mensaje', ANNOUNCEMENT_MESSAGE_MAX, { multiline: true });

/** `POST /api/pla_club_teams/{id}/announcements`. Empty roles: everyone; empty categories: no restriction. */
export const announcementCreateSchema = z.object({
  title,
  message,
  roles: z
    .array(z.enum(ANNOUNCEMENT_ROLES, { error: announcementMessages.badRole }), {
      error: announcementMessages.badRoles,
    })
    .default([]),
  category_ids: z
    .array(idSchema('La categoría'), { error: announcementMessages.badCategories })
    .default([]),
  priority: priorityField('medium'),
  action_url: actionUrlField,
});
export type AnnouncementCreateInput = z.input<typeof announcementCreateSchema>;
export type AnnouncementCreate = z.output<typeof announcementCreateSchema>;

/** `POST /api/admin/system-alerts`. No club_id: every active user of the platform. */
export const systemAlertCreateSchema = z.object({
  title,
  message,
  club_id: idSchema('El club').nullish(),
  priority: priorityField('high'),
  action_url: actionUrlField,
});
export type SystemAlertCreateInput = z.input<typeof systemAlertCreateSchema>;
export type SystemAlertCreate = z.output<typeof systemAlertCreateSchema>;

/** One sent announcement or alert, as the history lists it. */
export const announcementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['club_announcement', 'system_alert']),
  club_id: z.number().int().nullable(),
  title: z.string(),
  message: z.string(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  roles: z.array(z.string()),
  category_ids: z.array(z.number().int()),
  action_url: z.string().nullable(),
  /** How many people received it (the sender never counts). */
  recipients: z.number().int(),
  created_at: z.string(),
  sender: z.object({ id: z.number().int(), name: z.string() }),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementResponseSchema = z.object({
  success: z.literal(true),
  data: announcementSchema,
});
export type AnnouncementResponse = z.infer<typeof announcementResponseSchema>;

/** The history, newest first (`sort=-created_at`), paginated like every list. */
export const announcementListQuerySchema = listQuerySchema({
  sortable: ['created_at'],
  defaultSort: '-created_at',
});
export type AnnouncementListQuery = z.output<typeof announcementListQuerySchema>;

export const announcementListResponseSchema = listResponseSchema(announcementSchema).extend({
  success: z.literal(true),
});
export type AnnouncementListResponse = z.infer<typeof announcementListResponseSchema>;
