import sharp from 'sharp';
import type { Clock } from '../../lib/clock';
import { type Month, dayOfMonth, daysInMonth } from '../../features/payment-generation/periods';

/*
 * The pure half of the demo club's payments (demo-payments.ts runs them through the real
 * services): which outcome each generated payment gets, on which day, and the helpers
 * for the club's local time. Deterministic: a seeded generator, never Math.random, so
 * every fresh demo database holds the same mix.
 */

/** What happens to one generated payment in its month. */
export type Outcome =
  | 'paid' // money received at the desk, in full
  | 'paidInTwo' // a partial record, then the rest a week or two later
  | 'proofApproved' // the family's proof, approved the next day
  | 'partial' // part paid, the rest owed (overdue once past due)
  | 'pending' // nothing paid (overdue once past due)
  | 'inReview' // the family's proof waiting for the club
  | 'rejected' // the family's proof rejected with a reason
  | 'exempt' // forgiven by the club with a reason
  | 'cancelled' // the one cancelled payment
  | 'scholarship'; // a Beca holder's payment of 0: the generator makes it exempt, as it stays

/**
 * Cumulative shares of the outcomes by how many months before the current one the period
 * is (index 0 = the current month); whatever is left over is 'paid'. The three older
 * months are settled; the last three hold the debt, the proofs in review the last two.
 */
const MIX: readonly (readonly [Outcome, number][])[] = [
  [
    ['pending', 0.4],
    ['partial', 0.48],
    ['rejected', 0.5],
    ['inReview', 0.62],
  ],
  [
    ['pending', 0.1],
    ['partial', 0.15],
    ['rejected', 0.18],
    ['inReview', 0.3],
    ['proofApproved', 0.36],
  ],
  [
    ['pending', 0.06],
    ['partial', 0.1],
    ['rejected', 0.12],
    ['proofApproved', 0.2],
  ],
  [
    ['paidInTwo', 0.06],
    ['proofApproved', 0.14],
  ],
  [
    ['paidInTwo', 0.06],
    ['proofApproved', 0.14],
  ],
  [
    ['paidInTwo', 0.06],
    ['proofApproved', 0.14],
  ],
];

/** A payment as the plan sees it, in the order the period lists it. */
export interface PlannedPayment {
  id: number;
  userId: number;
  amountDue: number;
  dueDate: string;
}

/** Where a payment stands in its period's list. */
export interface PlanPosition {
  index: number;
  monthsAgo: number;
  /** Its due date is after the club's today (the current month's enrollment and uniform). */
  notDueYet: boolean;
  /** It is the one payment the seed cancels. */
  cancelled: boolean;
  playerAccountId: number;
}

/** Mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Not due yet: most wait, a few families paid early or sent their proof. */
const NOT_DUE: readonly [Outcome, number][] = [
  ['pending', 0.82],
  ['inReview', 0.86],
];

/**
 * The outcome of a payment. Fixed picks make sure of the rare cases: the scholarship's
 * payments of 0, the one cancelled payment, two staff exemptions, a rejected proof two
 * months back, and the demo player's own current fee in review (last month's paid).
 */
export function outcomeOf(payment: PlannedPayment, at: PlanPosition, draw: number): Outcome {
  const { index, monthsAgo } = at;
  if (payment.amountDue === 0) return 'scholarship';
  if (at.cancelled) return 'cancelled';
  if ((monthsAgo === 4 && index === 3) || (monthsAgo === 1 && index === 7)) return 'exempt';
  if (monthsAgo === 2 && index === 5) return 'rejected';
  // The demo player: last month paid; this month a proof waits for review, and what fell
  // due before today is still owed (the reminders of their bell).
  if (payment.userId === at.playerAccountId && monthsAgo <= 1)
    return monthsAgo === 1 ? 'paid' : at.notDueYet ? 'inReview' : 'pending';
  const mix = at.notDueYet ? NOT_DUE : (MIX[monthsAgo] ?? []);
  const found = mix.find(([, share]) => draw < share);
  return found ? found[0] : 'paid';
}

/** Half of `due`, in whole thousands of pesos, at least 1,000 and less than `due`. */
export const partOf = (due: number) =>
  Math.min(due - 1, Math.max(1000, Math.floor(due / 2000) * 1000));

export const STAFF_EXEMPTIONS = [
  'Lesión de larga duración: la dirección exonera el mes',
  'Apoyo por calamidad familiar aprobado por la dirección',
];
export const REJECTIONS = [
  'El comprobante no se lee: envía una foto completa y nítida',
  'La transferencia no aparece en la cuenta del club',
  'El valor del comprobante no coincide con el del pago',
];

/** 'Se retiró del club en noviembre de 2026'. */
export function withdrawalReason({ year, month }: Month): string {
  const name = new Intl.DateTimeFormat('es-CO', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  return `Se retiró del club en ${name} de ${year}`;
}

/** A clock the seed sets to each action's instant. */
export class SeedClock implements Clock {
  private current = new Date(0);
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date): void {
    this.current = new Date(at);
  }
}

/** The UTC offset of `timeZone` at `at`, in milliseconds (−5 h for Bogotá). */
function offsetMs(at: Date, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

/** The instant of `hour`:00 on the `day` of `month` in `timeZone`, never after `latest`. */
export function localInstant(
  month: Month,
  day: number,
  hour: number,
  timeZone: string,
  latest: Date,
): Date {
  const date = dayOfMonth(month, Math.min(day, daysInMonth(month)));
  const guess = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  const instant = new Date(guess - offsetMs(new Date(guess), timeZone));
  return instant < latest ? instant : new Date(latest);
}

/** The date 'YYYY-MM-DD' of `at` in `timeZone`. */
export const localDate = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/** A 600×400 PNG that looks like a phone photo of a transfer receipt (shapes, no text). */
export function proofPicture(): Promise<Buffer> {
  const lines = [150, 190, 230, 270]
    .map(
      (y, i) => `<rect x="80" y="${y}" width="${380 - i * 50}" height="14" rx="7" fill="#b0bec5"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect width="600" height="400" fill="#eceff1"/>
    <rect x="40" y="30" width="520" height="340" rx="18" fill="#ffffff" stroke="#2e7d32" stroke-width="4"/>
    <circle cx="110" cy="95" r="32" fill="#2e7d32"/>
    <path d="M94 95 l11 12 l22 -24" stroke="#ffffff" stroke-width="8" fill="none"/>
    <rect x="170" y="80" width="260" height="28" rx="8" fill="#66bb6a"/>
    ${lines}
    <rect x="80" y="310" width="200" height="34" rx="10" fill="#1565c0"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
