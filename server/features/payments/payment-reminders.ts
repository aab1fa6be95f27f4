import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type PaymentReminderFamily,
  paymentBulkMessages as m,
} from '../../../contract/payment-bulk.schema';
import type { PaymentStatus } from '../../../contract/payments.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { clubPaymentMethods } from '../../db/schema/money';
import { notificationPreferences } from '../../db/schema/notifications';
import { paymentEvents, payments } from '../../db/schema/payments';
import { paymentMethods } from '../../db/schema/reference';
import type { Clock } from '../../lib/clock';
import type { OutgoingMail } from '../../mail/mailer';
import type { MailOutbox } from '../../mail/outbox';
import type { Notifier } from '../notifications/notify';
import { PAYMENT_REMINDER_ACTION_URL } from '../notifications/payment-reminders.sql';
import { OVERDUE_STATUSES, clubTodaySql } from './money-figures';
import { type Family, familiesOf } from './payment-reminders.families';
import {
  type ReminderFacts,
  familySummary,
  reminderMail,
  reminderNotice,
  reminderWhatsapp,
} from './payment-reminders.text';

/*
 * The payment reminders staff send from Pagos ('Enviar recordatorio' on one or many rows,
 * issues #12 and #34). They reach whoever pays: the authorised guardians of a minor (their
 * accounts: in-app notification and e-mail), or before any guardian has an account the
 * guardian contact on file (the player form or the import: players.guardian_*), or the
 * adult player himself. One message per family lists all its children's payments of the
 * request, and each family gets a WhatsApp link with the amounts and the club's methods.
 *
 * Rules kept from issue #12: at most one reminder a day per payment (the rows are locked
 * in id order, so two requests at once send one; a 'reminded' event per payment reached),
 * the mail goes through the outbox and leaves after commit. A person who turned payment
 * e-mails off (notification_preferences payment_due = false) gets the in-app notice only.
 * A family with no e-mail and no account is not marked reminded: staff may share the
 * WhatsApp message, and reminding again once its contact is filled in is not refused.
 */

/** One payment's answer: done, or why not (the bulk result's row). */
export interface ReminderOutcome {
  ok: boolean;
  status: PaymentStatus | null;
  message: string;
}

export function createPaymentReminders(deps: {
  db: Db;
  clock: Clock;
  outbox: MailOutbox;
  notifier: Pick<Notifier, 'notify'>;
  appUrl: string;
}) {
  const { db, clock, outbox, notifier, appUrl } = deps;
  const link = `${appUrl.replace(/\/+$/, '')}${PAYMENT_REMINDER_ACTION_URL}`;

  return {
    /**
     * Reminds the families of the chosen payments: per payment id (the order sent) whether
     * its family was reached and how, and per family what went where.
     */
    async remindMany(
      clubId: number,
      actorId: number,
      paymentIds: readonly number[],
    ): Promise<{ outcomes: Map<number, ReminderOutcome>; families: PaymentReminderFamily[] }> {
      const now = clock.now();
      const { outcomes, families, mails } = await db.transaction(async (tx) => {
        const outcomes = new Map<number, ReminderOutcome>();
        const mails: OutgoingMail[] = [];
        const locked = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.clubId, clubId), inArray(payments.id, [...paymentIds])))
          .orderBy(payments.id)
          .for('update');
        const [club] = await tx
          .select({ name: clubs.name, today: sql<string>`${clubTodaySql(clubId, now)}::text` })
          .from(clubs)
          .where(eq(clubs.id, clubId));
        const today = club!.today;
        const remindedToday = new Set(
          (
            await tx
              .select({ id: paymentEvents.paymentId })
              .from(paymentEvents)
              .innerJoin(clubs, eq(clubs.id, clubId))
              .where(
                and(
                  inArray(paymentEvents.paymentId, locked.length ? locked.map((p) => p.id) : [0]),
                  eq(paymentEvents.action, 'reminded'),
                  sql`(${paymentEvents.at} at time zone ${clubs.timezone})::date = ${today}::date`,
                ),
              )
          ).map((row) => row.id),
        );
        const byId = new Map(locked.map((p) => [p.id, p]));
        const owing = [];
        for (const id of paymentIds) {
          const payment = byId.get(id);
          if (!payment) {
            outcomes.set(id, { ok: false, status: null, message: m.notFound });
          } else if (
            !(OVERDUE_STATUSES as readonly string[]).includes(payment.status) ||
            payment.amountDue - payment.amountPaid <= 0
          ) {
            outcomes.set(id, { ok: false, status: payment.status, message: m.notOwing });
          } else if (remindedToday.has(id)) {
            outcomes.set(id, { ok: false, status: payment.status, message: m.remindedToday });
          } else owing.push(payment);
        }
        if (owing.length === 0) return { outcomes, families: [], mails };

        const grouped = await familiesOf(tx, clubId, today, owing);
        const methods = await tx
          .select({ name: paymentMethods.name, details: clubPaymentMethods.details })
          .from(clubPaymentMethods)
          .innerJoin(paymentMethods, eq(paymentMethods.id, clubPaymentMethods.paymentMethodId))
          .where(and(eq(clubPaymentMethods.clubId, clubId), eq(clubPaymentMethods.accepted, true)))
          .orderBy(paymentMethods.name);

        const accountIds = [...grouped.values()].flatMap((f) =>
          f.contacts.flatMap((c) => (c.userId !== null ? [c.userId] : [])),
        );
        const optedOut = new Set(
          (
            await tx
              .select({ userId: notificationPreferences.userId })
              .from(notificationPreferences)
              .where(
                and(
                  inArray(notificationPreferences.userId, accountIds.length ? accountIds : [0]),
                  eq(notificationPreferences.type, 'payment_due'),
                  eq(notificationPreferences.email, false),
                ),
              )
          ).map((row) => row.userId),
        );

        const families: PaymentReminderFamily[] = [];
        for (const family of grouped.values()) {
          const facts: ReminderFacts = {
            club: club!.name,
            greeting: family.greeting,
            namesPlayers: family.namesPlayers,
            items: family.items,
            methods,
            link,
          };
          const ids = family.items.map((item) => item.paymentId);
          const inAppIds = family.contacts.flatMap((c) =>
            c.userId !== null && c.hasAccount ? [c.userId] : [],
          );
          const notified = await notifier.notify(tx, inAppIds, {
            clubId,
            type: 'payment_due',
            priority: 'medium',
            ...reminderNotice(facts),
            actionUrl: PAYMENT_REMINDER_ACTION_URL,
            subject: `payment-reminder:${ids.join(',')}`,
            day: today,
            data: { payment_ids: ids },
            email: false,
          });
          const emails = [
            ...new Set(
              family.contacts.flatMap((c) =>
                c.email && !(c.userId !== null && optedOut.has(c.userId)) ? [c.email] : [],
              ),
            ),
          ];
          for (const to of emails) {
            mails.push(
              await outbox.add(
                tx,
                reminderMail(to, { ...facts, greeting: greetingFor(family, to) }),
              ),
            );
          }
          const whatsapp = reminderWhatsapp(family.phone, facts);
          const inApp = notified.created > 0;
          const reached = emails.length > 0 || inApp;
          const summary = familySummary({
            name: family.name,
            emails,
            inApp,
            whatsappPhone: whatsapp.hasPhone,
            self: !family.namesPlayers,
          });
          if (reached) {
            const note = [...emails, ...(inApp ? ['notificación en la app'] : [])].join(', ');
            await tx.insert(paymentEvents).values(
              family.items.map((item) => ({
                paymentId: item.paymentId,
                action: 'reminded' as const,
                actorId,
                amount: item.balance,
                note,
                at: now,
              })),
            );
          }
          const ok = reached || whatsapp.hasPhone;
          for (const item of family.items) {
            outcomes.set(item.paymentId, {
              ok,
              status: item.status,
              message: ok ? summary : family.namesPlayers ? m.noContact : m.noContactPlayer,
            });
          }
          families.push({
            name: family.name,
            players: [...new Set(family.items.map((item) => item.player))],
            payment_ids: ids,
            emails,
            in_app: inApp,
            whatsapp_url: whatsapp.url,
            whatsapp_phone: whatsapp.hasPhone,
            reached,
            summary,
          });
        }
        return { outcomes, families, mails };
      });
      mails.forEach((mail) => outbox.dispatch(mail));
      const order = new Map(paymentIds.map((id, index) => [id, index]));
      const first = (f: PaymentReminderFamily) =>
        Math.min(...f.payment_ids.map((id) => order.get(id)!));
      return { outcomes, families: families.sort((a, b) => first(a) - first(b)) };
    },
  };
}

/** A family's e-mail greets its addressee by name when one is known. */
function greetingFor(family: Family, to: string): string | null {
  return family.contacts.find((c) => c.email === to)?.name ?? family.greeting;
}

export type PaymentReminders = ReturnType<typeof createPaymentReminders>;
