import type { FamilyPaymentStatus } from '../../../contract/family-payments.schema';
import { formatDateTime } from '../../../contract/dates.format';
import { sessionTypeLabels, type SessionType } from '../../../contract/sessions.labels';

/*
 * How the families' pages write what the club tells them (issue #15), in es-CO: a
 * session's day and time on the club's wall clock, the attendance rate, and a payment's
 * status.
 */

/** '25/11/2026 18:00' on the club's wall clock. */
export const sessionWhen = (iso: string, timeZone: string) => formatDateTime(iso, timeZone);

/** 'Entrenamiento', or the type as the server wrote it when it is a new one. */
export const sessionTypeText = (type: string) => sessionTypeLabels[type as SessionType] ?? type;

const percent = new Intl.NumberFormat('es-CO', { style: 'percent', maximumFractionDigits: 0 });

/** '85 % de 20 sesiones (últimos 90 días)', or that there is none to count. */
export function attendanceText({ rate, counted }: { rate: number | null; counted: number }) {
  if (rate === null || counted === 0) return 'Sin sesiones registradas en los últimos 90 días';
  const sessions = counted === 1 ? '1 sesión' : `${counted} sesiones`;
  return `${percent.format(rate)} de ${sessions} (últimos 90 días)`;
}

export const familyPaymentStatusLabels: Record<FamilyPaymentStatus, string> = {
  pending: 'Pendiente',
  overdue: 'Vencido',
  in_review: 'En revisión',
  rejected: 'Rechazado',
};

export const familyPaymentStatusColors: Record<
  FamilyPaymentStatus,
  'default' | 'error' | 'info' | 'warning'
> = {
  pending: 'default',
  overdue: 'error',
  in_review: 'info',
  rejected: 'warning',
};

/** What a family does after a rejected proof. */
export const RESEND_PROOF_HINT = 'Envía un nuevo comprobante.';
