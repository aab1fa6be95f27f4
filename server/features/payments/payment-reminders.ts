import { and, eq, sql } from 'drizzle-orm';
import { paymentBulkMessages as m } from '../../../contract/payment-bulk.schema';
import { formatMoney } from '../../../contract/money.format';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { charges, clubPaymentMethods } from '../../db/schema/money';
import { paymentEvents } from '../../db/schema/payments';
import { paymentMethods } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import { AppError, conflictOn } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MailOutbox, NewMail } from '../../mail/outbox';
import { OVERDUE_STATUSES, clubTodaySql } from './money-figures';
import { lockPayment } from './payment-actions.rules';
import type { PaymentActor } from './payment-actions.service';

/*
 * A payment reminder sent by staff from Pagos (bulk action 'remind', issue #12): an e-mail
 * through the outbox to the payment's player account (not yet to their authorised
 * guardians, who get the automatic reminders: payment-reminders.sql.ts), with what is owed, the due date and how the club accepts money. At most one
 * a day per payment: the payment row is locked, so two reminders at once send one. Each
 * writes a 'reminded' event. The escalating automatic reminders are the notifications
 * issue's.
 */

const monthName = (period: string) =>
  new Intl.DateTimeFormat('es-CO', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period}T00:00:00Z`),
  );
const dayName = (date: string) =>
  new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface ReminderFacts {
  name: string;
  club: string;
  charge: string;
  period: string;
  dueDate: string;
  balance: number;
  methods: { name: string; details: string | null }[];
  link: string;
}

/** The reminder e-mail (Spanish; plain text and HTML say the same). */
export function reminderMail(to: string, facts: ReminderFacts): NewMail {
  const owed = formatMoney(facts.balance);
  const what = `${facts.charge} de ${monthName(facts.period)}`;
  const lines = [
    `Hola, ${facts.name}:`,
    `${facts.club} le recuerda el pago de ${what}: ${owed}, con fecha límite ${dayName(facts.dueDate)}.`,
    ...(facts.methods.length > 0
      ? [
          'Puede pagar por:',
          ...facts.methods.map((x) => `- ${x.name}${x.details ? `: ${x.details}` : ''}`),
        ]
      : []),
    `Vea sus pagos y envíe el comprobante en ${facts.link}`,
    'Si ya pagó, ignore este mensaje.',
  ];
  return {
    to,
    subject: `Recordatorio de pago: ${what}`,
    text: lines.join('\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}

export function createPaymentReminders(deps: {
  db: Db;
  clock: Clock;
  outbox: MailOutbox;
  appUrl: string;
}) {
  const { db, clock, outbox, appUrl } = deps;
  return {
    /** Sends one reminder for the payment, or refuses (404/409) with the reason. */
    async remind(who: PaymentActor): Promise<{ email: string; status: string }> {
      const now = clock.now();
      const mail = await db.transaction(async (tx) => {
        const payment = await lockPayment(tx, who.clubId, who.paymentId);
        const owing = (OVERDUE_STATUSES as readonly string[]).includes(payment.status);
        if (!owing || payment.amountDue - payment.amountPaid <= 0) {
          throw conflictOn('payment_ids', m.notOwing);
        }
        const [facts] = await tx
          .select({
            email: users.email,
            name: users.name,
            club: clubs.name,
            charge: charges.name,
            today: sql<string>`${clubTodaySql(who.clubId, now)}::text`,
          })
          .from(users)
          .innerJoin(clubs, eq(clubs.id, who.clubId))
          .innerJoin(charges, eq(charges.id, payment.chargeId))
          .where(eq(users.id, payment.userId));
        if (!facts) throw new AppError(404, m.notFound);
        if (!facts.email) throw conflictOn('payment_ids', m.noEmail);
        const [sent] = await tx
          .select({ id: paymentEvents.id })
          .from(paymentEvents)
          .innerJoin(clubs, eq(clubs.id, who.clubId))
          .where(
            and(
              eq(paymentEvents.paymentId, payment.id),
              eq(paymentEvents.action, 'reminded'),
              sql`(${paymentEvents.at} at time zone ${clubs.timezone})::date = ${facts.today}::date`,
            ),
          )
          .limit(1);
        if (sent) throw conflictOn('payment_ids', m.remindedToday);
        const methods = await tx
          .select({ name: paymentMethods.name, details: clubPaymentMethods.details })
          .from(clubPaymentMethods)
          .innerJoin(paymentMethods, eq(paymentMethods.id, clubPaymentMethods.paymentMethodId))
          .where(
            and(eq(clubPaymentMethods.clubId, who.clubId), eq(clubPaymentMethods.accepted, true)),
          )
          .orderBy(paymentMethods.name);
        await tx.insert(paymentEvents).values({
          paymentId: payment.id,
          action: 'reminded',
          actorId: who.actorId,
          amount: payment.amountDue - payment.amountPaid,
          note: facts.email,
          at: now,
        });
        const message = reminderMail(facts.email, {
          ...facts,
          period: payment.period,
          dueDate: payment.dueDate,
          balance: payment.amountDue - payment.amountPaid,
          methods,
          link: `${appUrl.replace(/\/+$/, '')}/home/payments`,
        });
        return { queued: await outbox.add(tx, message), status: payment.status };
      });
      outbox.dispatch(mail.queued);
      return { email: mail.queued.to, status: mail.status };
    },
  };
}
