import fc from 'fast-check';
import type { PaymentStatus } from '../../../contract/payments.schema';

/*
 * The model of the payment property test (tests/api/payments-properties.test.ts): random
 * histories of actions on one club's payments, and what the test expects of them,
 * computed here from the club it built and the actions it sent, never by the code under
 * test. The rules are DOMAIN.md's ("Money") and docs/money.md's, written out again.
 */

/** The months a history may bill (the clock starts on 10 March 2026). */
export const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04'] as const;

/** A step of a history; `wait` moves the fake clock forward first (minutes). */
export type Step = { wait: number } & (
  | { kind: 'generate'; month: number }
  | { kind: 'record' | 'proof'; pick: number; share: number; over: boolean }
  | { kind: 'approve' | 'reject'; pick: number; recordPick: number }
  | { kind: 'cancel' | 'exempt'; pick: number }
);

const wait = fc.integer({ min: 0, max: 3 * 24 * 60 });
const pick = fc.nat({ max: 1_000 });
const generate = fc.record({
  wait,
  kind: fc.constant('generate' as const),
  month: fc.nat({ max: MONTHS.length - 1 }),
});

/** A history: a first generation, then any steps (generations again among them). */
export const historyArb: fc.Arbitrary<Step[]> = fc
  .tuple(
    generate,
    fc.array(
      fc.oneof(
        { weight: 2, arbitrary: generate },
        {
          weight: 6,
          arbitrary: fc.record({
            wait,
            kind: fc.constantFrom('record' as const, 'proof' as const),
            pick,
            share: fc.integer({ min: 1, max: 100 }),
            over: fc.nat({ max: 3 }).map((n) => n === 0), // a quarter over the balance
          }),
        },
        {
          weight: 3,
          arbitrary: fc.record({
            wait,
            kind: fc.constantFrom('approve' as const, 'reject' as const),
            pick,
            recordPick: pick,
          }),
        },
        {
          weight: 2,
          arbitrary: fc.record({
            wait,
            kind: fc.constantFrom('cancel' as const, 'exempt' as const),
            pick,
          }),
        },
      ),
      { minLength: 4, maxLength: 24, size: 'max' },
    ),
  )
  .map(([first, rest]) => [first, ...rest]);

export interface ModelRecord {
  id: number;
  /** Sent with a proof (its file must be stored). */
  proof: boolean;
  amount: number;
  status: 'approved' | 'in_review' | 'rejected';
  /** The month (club's timezone) it was approved in, for the collected figure. */
  approvedIn?: string;
}

export interface ModelPayment {
  id: number;
  chargeId: number;
  userId: number;
  /** 'YYYY-MM'. */
  period: string;
  due: number;
  status: PaymentStatus;
  records: ModelRecord[];
}

export const paidOf = (p: ModelPayment) =>
  p.records.filter((r) => r.status === 'approved').reduce((sum, r) => sum + r.amount, 0);
export const balanceOf = (p: ModelPayment) => p.due - paidOf(p);
const closed = (p: ModelPayment) => p.status === 'cancelled' || p.status === 'exempt';
const inReview = (p: ModelPayment) => p.records.some((r) => r.status === 'in_review');

/** The status a payment takes by what is paid (DOMAIN.md's statuses). */
export function statusByMoney(p: ModelPayment): PaymentStatus {
  const paid = paidOf(p);
  if (paid >= p.due) return 'paid';
  if (inReview(p)) return 'in_review';
  return paid > 0 ? 'partial' : 'pending';
}

/** Whether the server must accept the step on `p` (`record` its record, for approve/reject). */
export function accepts(step: Step, p: ModelPayment, amount: number, record?: ModelRecord) {
  switch (step.kind) {
    case 'record':
      return !closed(p) && amount >= 1 && amount <= balanceOf(p);
    case 'proof': // a family's proof: not for a payment already paid
      return !closed(p) && p.status !== 'paid' && amount >= 1 && amount <= balanceOf(p);
    case 'approve':
      return !closed(p) && record?.status === 'in_review' && record.amount <= balanceOf(p);
    case 'reject':
      return record?.status === 'in_review';
    case 'cancel':
      return !closed(p) && paidOf(p) === 0;
    case 'exempt':
      return !closed(p) && p.status !== 'paid';
    default:
      return true;
  }
}

/** The status after a rejection: 'rejected' when nothing is paid or waits, else by money. */
export function statusAfterReject(p: ModelPayment): PaymentStatus {
  if (closed(p)) return p.status;
  if (!inReview(p) && paidOf(p) === 0 && p.due > 0) return 'rejected';
  return statusByMoney(p);
}

/** The amount a record step sends: a share of the balance, or more than it. */
export const amountOf = (step: { share: number; over: boolean }, p: ModelPayment) =>
  step.over
    ? balanceOf(p) + 1 + step.share * 1_000
    : Math.max(1, Math.floor((balanceOf(p) * step.share) / 100));

/** The month of instant `at` in Bogotá (UTC−5 all year). */
export const bogotaMonth = (at: Date) =>
  new Date(at.getTime() - 5 * 3_600_000).toISOString().slice(0, 7);

/** 'YYYY-MM' months from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (let key = from; key <= to;) {
    out.push(key);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
    key = `${y}-${String(m).padStart(2, '0')}`;
  }
  return out;
}
