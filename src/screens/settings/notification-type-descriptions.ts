import type { NotificationType } from '../../../contract/notifications.schema';

/** When each type arrives, in one line (the preferences screen, under the type's label). */
export const notificationTypeDescriptions: Record<NotificationType, string> = {
  event_reminder: 'Un día antes de un partido, torneo, reunión o evento del club.',
  attendance_alert: 'Cuando se registra una inasistencia tuya o de un hijo a un entrenamiento.',
  payment_due:
    'Antes y después de que venza un pago pendiente, y cuando se revisa un comprobante de pago.',
  system_alert: 'Avisos importantes de la plataforma, como mantenimientos o cambios.',
  club_announcement: 'Cuando el club publica un anuncio para tu rol o tu categoría.',
  training_update: 'Cuando un entrenamiento se cancela, cambia de horario o tiene cambios.',
  match_result: 'Cuando se registra el resultado de un partido.',
};
