import { chargeConceptLabels } from '../../../contract/charges.schema';
import { type PaymentListResponse, paymentStatusLabels } from '../../../contract/payments.schema';
import type { ExportColumn } from '../../lib/list-export';

type Payment = PaymentListResponse['data'][number];

/** The payments export (issue #34 item 3): amounts as numbers (whole pesos), days as dates. */
export const paymentExportColumns: ExportColumn<Payment>[] = [
  { header: 'Jugador', kind: 'text', cell: (row) => `${row.player.name} ${row.player.lastname}` },
  { header: 'Documento', kind: 'text', cell: (row) => row.player.document_number },
  { header: 'Categoría', kind: 'text', cell: (row) => row.category?.name ?? null },
  { header: 'Cobro', kind: 'text', cell: (row) => row.charge.name },
  { header: 'Concepto', kind: 'text', cell: (row) => chargeConceptLabels[row.charge.concept] },
  { header: 'Periodo', kind: 'text', cell: (row) => row.period },
  { header: 'Desde', kind: 'date', cell: (row) => row.covers_from },
  { header: 'Hasta', kind: 'date', cell: (row) => row.covers_to },
  { header: 'Fecha de pago', kind: 'date', cell: (row) => row.due_date },
  { header: 'Valor base', kind: 'money', cell: (row) => row.base_amount },
  { header: 'Descuento', kind: 'money', cell: (row) => row.discount_amount },
  { header: 'Valor a pagar', kind: 'money', cell: (row) => row.amount_due },
  { header: 'Pagado', kind: 'money', cell: (row) => row.amount_paid },
  { header: 'Saldo', kind: 'money', cell: (row) => row.balance },
  { header: 'Estado', kind: 'text', cell: (row) => paymentStatusLabels[row.status] },
  { header: 'Vencido', kind: 'text', cell: (row) => (row.overdue ? 'Sí' : 'No') },
  { header: 'Motivo', kind: 'text', cell: (row) => row.status_reason },
];
