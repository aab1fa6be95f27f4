import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import type { Tx } from '../../features/people/people.service';
import { createPaymentGenerationService } from '../../features/payment-generation/payment-generation.service';
import {
  type Month,
  addMonths,
  currentMonth,
  firstDay,
  monthLabel,
} from '../../features/payment-generation/periods';
import { createPaymentActionsService } from '../../features/payments/payment-actions.service';
import { createPaymentProofsService } from '../../features/payments/payment-proofs.service';
import { type CheckedProof, checkProof } from '../../features/payments/payment-proofs';
import { withProofNotices, withReviewNotices } from '../../features/notifications/payment-notices';
import type { FileStorage } from '../../storage/storage';
import { demoPaymentNotices } from './demo-notifications';
import { clubPaymentMethods } from '../schema/money';
import { payments } from '../schema/payments';
import { paymentMethods } from '../schema/reference';
import {
  type Outcome,
  type PlannedPayment,
  REJECTIONS,
  STAFF_EXEMPTIONS,
  SeedClock,
  localDate,
  localInstant,
  outcomeOf,
  partOf,
  proofPicture,
  seededRandom,
  withdrawalReason,
} from './demo-payments-plan';

/*
 * The demo club's six months of payments (issue #12 item 7), made by the real code with a
 * clock the seed moves, never by inserting payments, records or events: for each month
 * from five months back to the current one (the club's timezone), the generation service
 * bills it on its first day, then the actions service records money at the desk, approves
 * and rejects proofs, cancels and exempts, and the proofs service stores families' proofs
 * (a generated picture, through the app's storage) — each on its own day of that month,
 * so every event is dated in its month and receipt numbers run 1..n in date order.
 * The mix is in demo-payments-plan.ts. Everything runs inside the demo seed's transaction
 * (the services' own transactions become savepoints of it).
 */

/** Who acts: the accountant at the desk, the owner for the club's decisions. */
export interface DemoPaymentActors {
  accountantId: number;
  ownerId: number;
  /** The demo player's own account, who sends the proofs of their own payments. */
  playerAccountId: number;
}

/** The six billed months, oldest first, ending with the month of `now` in `timeZone`. */
export function demoMonths(now: Date, timeZone: string): Month[] {
  const current = currentMonth(now, timeZone);
  return [5, 4, 3, 2, 1, 0].map((back) => addMonths(current, -back));
}

/** One action of the month, run at its instant (ties in the order they were planned). */
interface Step {
  at: Date;
  run: () => Promise<unknown>;
}

const DEMO_SEED = 20_260_601;
const silent = { info: () => undefined };

export async function seedDemoPayments(
  tx: Tx,
  options: {
    clubId: number;
    timeZone: string;
    storage: FileStorage;
    now: Date;
    actors: DemoPaymentActors;
  },
): Promise<void> {
  const { clubId, timeZone, storage, now, actors } = options;
  // The services take the database; here it is the seed's transaction.
  const db = tx as unknown as Db;
  const clock = new SeedClock();
  const generation = createPaymentGenerationService({ db, clock });
  // The notices a proof and a review send (issue #13), dated by the seed's clock.
  const notices = demoPaymentNotices(tx, clock);
  const actions = withReviewNotices(createPaymentActionsService({ db, clock }), notices);
  const proofs = withProofNotices(createPaymentProofsService({ db, clock, storage }), notices);
  const picture: CheckedProof = await checkProof(await proofPicture());
  const random = seededRandom(DEMO_SEED);

  const methodRows = await tx
    .select({ id: paymentMethods.id, code: paymentMethods.code })
    .from(clubPaymentMethods)
    .innerJoin(paymentMethods, eq(paymentMethods.id, clubPaymentMethods.paymentMethodId))
    .where(and(eq(clubPaymentMethods.clubId, clubId), eq(clubPaymentMethods.accepted, true)));
  const method = (code: string) => methodRows.find((row) => row.code === code)!.id;
  const desk = [method('cash'), method('cash'), method('transfer'), method('nequi')];
  const online = [method('transfer'), method('nequi')];
  const pick = (list: number[]) => list[Math.floor(random() * list.length)]!;

  const months = demoMonths(now, timeZone);
  const today = localDate(now, timeZone);
  for (const [position, month] of months.entries()) {
    const monthsAgo = months.length - 1 - position;
    clock.set(localInstant(month, 1, 6, timeZone, now));
    await generation.generate(clubId, monthLabel(month), { actorId: null, log: silent });
    const billed: PlannedPayment[] = await tx
      .select({
        id: payments.id,
        userId: payments.userId,
        amountDue: payments.amountDue,
        dueDate: payments.dueDate,
      })
      .from(payments)
      .where(and(eq(payments.clubId, clubId), eq(payments.period, firstDay(month))))
      .orderBy(asc(payments.chargeId), asc(payments.userId));

    const steps: Step[] = [];
    const at = (day: number, hour: number) => localInstant(month, day, hour, timeZone, now);
    const staff = (paymentId: number) => ({ clubId, paymentId, actorId: actors.accountantId });
    const owner = (paymentId: number) => ({ clubId, paymentId, actorId: actors.ownerId });
    const record = (paymentId: number, amount: number, when: Date, methodId = pick(desk)) =>
      steps.push({
        at: when,
        run: () =>
          actions.record(staff(paymentId), {
            amount,
            payment_method_id: methodId,
            paid_on: localDate(when, timeZone),
            reference: methodId === method('cash') ? undefined : `DEMO-${paymentId}`,
            note: undefined,
          }),
      });
    /** A proof: the player's own account for their payments, else the owner on the family's behalf. */
    const sendProof = (p: PlannedPayment, amount: number, when: Date) => {
      const sender = p.userId === actors.playerAccountId ? actors.playerAccountId : actors.ownerId;
      const saved: { recordId?: number } = {};
      steps.push({
        at: when,
        run: async () => {
          const sent = await proofs.send(
            { clubId, paymentId: p.id, actorId: sender },
            {
              amount,
              payment_method_id: pick(online),
              paid_on: localDate(when, timeZone),
              reference: `COMP-${p.id}`,
              note:
                sender === actors.ownerId
                  ? 'Comprobante enviado por la familia por WhatsApp'
                  : undefined,
            },
            picture,
          );
          saved.recordId = sent.data.record!.id;
        },
      });
      return saved;
    };

    // The current month's last payment of money is the one cancelled.
    const cancelledId = monthsAgo === 0 ? billed.findLast((p) => p.amountDue > 0)?.id : undefined;
    for (const [index, p] of billed.entries()) {
      const outcome: Outcome = outcomeOf(
        p,
        {
          index,
          monthsAgo,
          notDueYet: p.dueDate > today,
          cancelled: p.id === cancelledId,
          playerAccountId: actors.playerAccountId,
        },
        random(),
      );
      const day = 1 + Math.floor(random() * 12);
      switch (outcome) {
        case 'paid':
          record(p.id, p.amountDue, at(day, 9 + (index % 8)));
          break;
        case 'paidInTwo':
          record(p.id, partOf(p.amountDue), at(day, 10));
          record(p.id, p.amountDue - partOf(p.amountDue), at(day + 7 + (index % 8), 16));
          break;
        case 'partial':
          record(p.id, partOf(p.amountDue), at(day, 11));
          break;
        case 'proofApproved':
        case 'inReview':
        case 'rejected': {
          const proof = sendProof(p, p.amountDue, at(day, 19));
          if (outcome === 'inReview') break;
          const reviewed = at(day + 1 + (index % 2), 8);
          steps.push({
            at: reviewed,
            run: () =>
              outcome === 'proofApproved'
                ? actions.approve(staff(p.id), proof.recordId!)
                : actions.reject(
                    staff(p.id),
                    proof.recordId!,
                    REJECTIONS[index % REJECTIONS.length]!,
                  ),
          });
          break;
        }
        case 'exempt':
          steps.push({
            at: at(3, 12),
            run: () => actions.exempt(owner(p.id), STAFF_EXEMPTIONS[monthsAgo === 4 ? 0 : 1]!),
          });
          break;
        case 'cancelled':
          steps.push({
            at: at(2, 9),
            run: () => actions.cancel(owner(p.id), withdrawalReason(month)),
          });
          break;
        case 'pending':
        case 'scholarship':
          break;
      }
    }
    // In date order, so receipt numbers follow the days they were approved.
    const ordered = steps
      .map((step, order) => ({ ...step, order }))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
    for (const step of ordered) {
      clock.set(step.at);
      await step.run();
    }
  }
}
