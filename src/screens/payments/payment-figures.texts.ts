import type { PaymentSummary } from '../../../contract/payments.schema';
import { formatMoney } from '../../lib/money';

/*
 * The Pagos header's figures in words, with no API import: the dashboards' money tiles
 * (issue #16) show the same ones without loading the payments screen's API.
 */

/** A header figure of Pagos: the dashboards show the same ones with the same words. */
export interface PaymentFigure {
  title: string;
  value: (summary: PaymentSummary) => string;
  /** What the figure counts, in words. */
  hint: string;
}

const countText = (count: number) => (count === 1 ? '1 pago' : `${count} pagos`);

export const paymentFigures: PaymentFigure[] = [
  {
    title: 'Recaudado en el mes',
    value: (s) => formatMoney(s.collected),
    hint: 'Abonos aprobados en el mes, por fecha de aprobación',
  },
  {
    title: 'Facturado',
    value: (s) => formatMoney(s.billed),
    hint: 'Pagos del periodo, sin los anulados',
  },
  {
    title: 'Por cobrar',
    value: (s) => formatMoney(s.debt),
    hint: 'Saldos pendientes del periodo',
  },
  {
    title: 'En revisión',
    value: (s) => `${countText(s.in_review.count)} · ${formatMoney(s.in_review.amount)}`,
    hint: 'Comprobantes por revisar, de cualquier periodo',
  },
  {
    title: 'Vencidos',
    value: (s) => `${countText(s.overdue.count)} · ${formatMoney(s.overdue.amount)}`,
    hint: 'Saldos con la fecha de pago pasada, de cualquier periodo',
  },
];
