import type { PaymentDetailResponse } from '../../../contract/payment-details.schema';
import type { Payment } from '../../../contract/payments.schema';
import { currentPeriod } from '../../../src/screens/payments/payment-period';

/** The current month, as the Pagos screen opens on it. */
export const period = currentPeriod();

/** A payment of Ana Pérez for the month's fee (pending, overdue), with `overrides`. */
export const payment = (id: number, overrides: Partial<Payment> = {}): Payment => ({
  id,
  player: { id: 10 + id, name: 'Ana', lastname: 'Pérez', document_number: '1023' },
  category: { id: 3, name: 'Sub-12' },
  charge: { id: 5, name: 'Mensualidad Sub-12', concept: 'training_fee' },
  period,
  covers_from: `${period}-01`,
  covers_to: `${period}-28`,
  due_date: `${period}-05`,
  base_amount: 120_000,
  discount_amount: 0,
  amount_due: 120_000,
  amount_paid: 0,
  balance: 120_000,
  discounts_applied: [],
  status: 'pending',
  overdue: true,
  status_reason: null,
  ...overrides,
});

type DetailRecord = PaymentDetailResponse['data']['records'][number];

/** A record of payment `paymentId` (approved, with receipt 7), with `overrides`. */
export const paymentRecord = (
  id: number,
  paymentId: number,
  overrides: Partial<DetailRecord> = {},
): DetailRecord => ({
  id,
  payment_id: paymentId,
  amount: 50_000,
  payment_method_id: 1,
  paid_on: `${period}-03`,
  reference: 'NQ-881',
  note: null,
  status: 'approved',
  receipt_number: 7,
  reviewed_at: `${period}-03T15:00:00.000Z`,
  reviewed_by: 2,
  rejection_reason: null,
  recorded_by: 2,
  payment_method_name: 'Nequi',
  recorded_by_name: 'Carla Contadora',
  reviewed_by_name: 'Carla Contadora',
  created_at: `${period}-03T15:00:00.000Z`,
  proof_url: null,
  proof_content_type: null,
  ...overrides,
});
