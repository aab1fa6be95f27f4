import { z } from 'zod';
import {
  type ListParams,
  idSchema,
  isRealIsoDate,
  listQuerySchema,
  listResponseSchema,
  textSchema,
} from './common.schema';

/*
 * The audit log of the platform (issue #17, Security): sensitive actions the services
 * write in the same transaction as the change (role changes, suspensions, locks, money
 * cancellations, failed sign-ins, each person's account changes, the super admin's
 * communications and site content). Rows cannot be edited or deleted (a database trigger).
 * `GET /api/admin/audit-log`, super admin only.
 */

/** The actions the services write, with their Spanish labels for the grid. */
export const auditActionLabels = {
  'club.suspended': 'Club suspendido',
  'club.reactivated': 'Club reactivado',
  'user.locked': 'Usuario bloqueado',
  'user.unlocked': 'Usuario desbloqueado',
  'user.password_reset_sent': 'Correo de restablecimiento enviado',
  'user.super_admin_granted': 'Super administrador concedido desde la consola',
  'role.assigned': 'Rol asignado',
  'role.removed': 'Rol retirado',
  'role.permissions_changed': 'Permisos de rol cambiados',
  'payment.cancelled': 'Pago anulado',
  'login.failed': 'Inicio de sesión fallido',
  'platform.settings_changed': 'Configuración de la plataforma cambiada',
  'account.password_changed': 'Contraseña cambiada',
  'account.email_change_requested': 'Cambio de correo solicitado',
  'account.email_changed': 'Correo cambiado',
  'account.club_left': 'Salida de un club',
  'account.data_exported': 'Datos personales descargados',
  'account.deleted': 'Cuenta eliminada',
  'communication.sent': 'Comunicación masiva enviada',
  'blog_post.published': 'Entrada del blog publicada',
  'blog_post.unpublished': 'Entrada del blog despublicada',
  'blog_post.deleted': 'Entrada del blog eliminada',
  'site_page.edited': 'Página del sitio editada',
  'site_page.created': 'Artículo de ayuda creado',
  'site_page.deleted': 'Artículo de ayuda eliminado',
  'guardian.invited': 'Acudiente invitado',
  'guardian.registered': 'Acudiente registrado con autorización de datos',
  'guardian.authorized': 'Vínculo de acudiente autorizado',
  'guardian.denied': 'Vínculo de acudiente no autorizado',
  'photo_consent.changed': 'Autorización de fotografías cambiada',
  'child.identity_changed': 'Datos personales de un menor cambiados por su acudiente',
  'job.retried': 'Tarea fallida enviada de nuevo',
} as const;
export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];

export const auditLogMessages = {
  badAction: `La acción debe ser una de: ${auditActions.join(', ')}`,
  badDate: (label: string) => `${label} debe ser una fecha AAAA-MM-DD`,
  rangeOrder: 'La fecha inicial no puede ser posterior a la final',
} as const;

const isoDate = (label: string) =>
  textSchema(label).refine(isRealIsoDate, auditLogMessages.badDate(label));

export const auditSortFields = ['at'] as const;
export type AuditSortField = (typeof auditSortFields)[number];

/** `GET /api/admin/audit-log`: newest first; filters by action, club, actor and days (UTC). */
export const auditLogQuerySchema = listQuerySchema({
  sortable: auditSortFields,
  defaultSort: '-at',
  filters: {
    action: z.enum(auditActions, { error: auditLogMessages.badAction }).optional(),
    club_id: idSchema('El club').optional(),
    actor_user_id: idSchema('El usuario').optional(),
    from: isoDate('La fecha inicial').optional(),
    to: isoDate('La fecha final').optional(),
  },
}).refine((query) => !query.from || !query.to || query.from <= query.to, {
  message: auditLogMessages.rangeOrder,
  path: ['from'],
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
export type AuditLogParams = ListParams<AuditSortField> & {
  action?: AuditAction | '';
  club_id?: number | null;
  actor_user_id?: number | null;
  from?: string;
  to?: string;
};

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actor_user_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  club_id: z.number().int().nullable(),
  club_name: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = listResponseSchema(auditEntrySchema);
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
