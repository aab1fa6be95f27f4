import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clubPaymentMethods } from '../../db/schema/money';
import { paymentMethods } from '../../db/schema/reference';
import { type Family, familiesOf } from '../payments/payment-reminders.families';
import {
  type ReminderFacts,
  reminderMail,
  reminderNotice,
} from '../payments/payment-reminders.text';
import type { Tx } from '../payments/receipts';
import type { CreatedNotification } from './notify';
import {
  type DueRow,
  PAYMENT_REMINDER_ACTION_URL,
  type ReminderRow,
  type SentRow,
  daysText,
  reminderPriority,
  reminderTitle,
} from './payment-reminders.sql';

/*
 * What one run of the scheduled reminders sends (payment-reminders.job.ts): the club's due
 * payments grouped per family (payment-reminders.families.ts) and offset, each group one
 * reminder in the manual reminder's words, minus what today's earlier runs already sent.
 */

export interface ClubRow {
  club_id: number;
  name: string;
  today: string;
  due: DueRow[] | string;
  sent: SentRow[] | string;
}

/** A json column: parsed by both drivers, but read defensively as text too. */
export const jsonOf = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

type Method = ReminderFacts['methods'][number];

/** The accepted payment methods of `clubIds`, by club. */
async function methodsOf(tx: Db, clubIds: number[]): Promise<Map<number, Method[]>> {
  const byClub = new Map<number, Method[]>();
  if (clubIds.length === 0) return byClub;
  const rows = await tx
    .select({
      clubId: clubPaymentMethods.clubId,
      name: paymentMethods.name,
      details: clubPaymentMethods.details,
    })
    .from(clubPaymentMethods)
    .innerJoin(paymentMethods, eq(paymentMethods.id, clubPaymentMethods.paymentMethodId))
    .where(and(inArray(clubPaymentMethods.clubId, clubIds), eq(clubPaymentMethods.accepted, true)))
    .orderBy(paymentMethods.name);
  for (const row of rows) {
    byClub.set(row.clubId, [
      ...(byClub.get(row.clubId) ?? []),
      { name: row.name, details: row.details },
    ]);
  }
  return byClub;
}

type Item = Family['items'][number];

/** Who holds one family's reminder of one offset, and whether an e-mail on file gets it. */
interface Audience {
  userIds: number[];
  items: Item[];
  namesPlayers: boolean;
  greeting: string | null;
  /** The address on the players' file: their accounts keep an archived mark only. */
  fileEmail: string | null;
}

/** Where a family's reminder goes (see the header): accounts, a file's e-mail, or the child. */
function audiencesOf(family: Family, items: Item[], playerOf: Map<number, number>): Audience[] {
  const accounts = [
    ...new Set(family.contacts.flatMap((c) => (c.userId !== null ? [c.userId] : []))),
  ];
  const { namesPlayers, greeting } = family;
  if (accounts.length > 0) {
    return [{ userIds: accounts, items, namesPlayers, greeting, fileEmail: null }];
  }
  const players = [...new Set(items.map((item) => playerOf.get(item.paymentId)!))];
  const fileEmail = family.contacts.find((c) => c.email)?.email ?? null;
  if (fileEmail) return [{ userIds: players, items, namesPlayers, greeting, fileEmail }];
  // No guardian account nor e-mail: each child on his own account, as before issue #34.
  return players.map((player) => ({
    userIds: [player],
    items: items.filter((item) => playerOf.get(item.paymentId) === player),
    namesPlayers: false,
    greeting: null,
    fileEmail: null,
  }));
}

/** The reminders to insert and, by `user subject`, the e-mails they carry once created. */
export interface ReminderPlan {
  rows: ReminderRow[];
  accountMails: Map<string, CreatedNotification>;
  /** A file's address and the marks (`user subject`) whose creation sends it. */
  fileMails: { keys: string[]; mail: Omit<CreatedNotification, 'userId'> & { to: string } }[];
}

/** Plans the reminders of `clubRows` (the statement's answer) in the transaction `tx`. */
export async function planReminders(
  tx: Db,
  clubRows: ClubRow[],
  link: string,
): Promise<ReminderPlan> {
  const methods = await methodsOf(
    tx,
    clubRows.filter((row) => jsonOf(row.due).length > 0).map((row) => Number(row.club_id)),
  );
  const rows: ReminderRow[] = [];
  const accountMails = new Map<string, CreatedNotification>();
  const fileMails: {
    keys: string[];
    mail: Omit<CreatedNotification, 'userId'> & { to: string };
  }[] = [];
  for (const club of clubRows) {
    const due = jsonOf(club.due);
    if (due.length === 0) continue;
    const id = Number(club.club_id);
    const dueOf = new Map(due.map((d) => [d.payment_id, d]));
    const playerOf = new Map(due.map((d) => [d.payment_id, d.user_id]));
    const sent = new Map<string, Set<number>>();
    for (const row of jsonOf(club.sent)) {
      const key = `${row.user_id}:${row.offset_days}`;
      const ids = sent.get(key) ?? new Set<number>();
      for (const paymentId of row.payment_ids) ids.add(Number(paymentId));
      sent.set(key, ids);
    }
    const families = await familiesOf(
      tx as unknown as Tx,
      id,
      club.today,
      due.map((d) => ({
        id: d.payment_id,
        userId: d.user_id,
        chargeId: d.charge_id,
        period: d.period,
        dueDate: d.due_date,
        amountDue: Number(d.amount_due),
        amountPaid: Number(d.amount_paid),
        status: d.status,
      })),
    );
    for (const family of families.values()) {
      const offsets = [...new Set(family.items.map((i) => dueOf.get(i.paymentId)!.offset_days))];
      for (const offset of offsets.sort((a, b) => a - b)) {
        const atOffset = family.items.filter((i) => dueOf.get(i.paymentId)!.offset_days === offset);
        const isLast = dueOf.get(atOffset[0]!.paymentId)!.is_last;
        for (const audience of audiencesOf(family, atOffset, playerOf)) {
          const done = new Set(
            audience.userIds.flatMap((u) => [...(sent.get(`${u}:${offset}`) ?? [])]),
          );
          const items = audience.items
            .filter((item) => !done.has(item.paymentId))
            .map((item) => ({ ...item, when: daysText(offset) }));
          if (items.length === 0) continue;
          const ids = items.map((item) => item.paymentId).sort((a, b) => a - b);
          const facts: ReminderFacts = {
            club: club.name,
            greeting: audience.greeting,
            namesPlayers: audience.namesPlayers,
            items,
            methods: methods.get(id) ?? [],
            link,
            title: reminderTitle(offset, isLast),
          };
          const notice = reminderNotice(facts);
          const subject = `payment:${ids.join(',')}:offset:${offset}`;
          const data = {
            action_url: PAYMENT_REMINDER_ACTION_URL,
            payment_ids: ids,
            ...(ids.length === 1 ? { payment_id: ids[0] } : {}),
            offset_days: offset,
            due_date: items[0]!.dueDate,
            balance: items.reduce((sum, item) => sum + item.balance, 0),
            ...(audience.fileEmail ? { emailed_to: audience.fileEmail } : {}),
          };
          for (const userId of audience.userIds) {
            rows.push({
              user_id: userId,
              club_id: id,
              priority: reminderPriority(offset, isLast),
              ...notice,
              data,
              subject,
              day: club.today,
              archived: audience.fileEmail !== null,
            });
            const greeting = family.contacts.find((c) => c.userId === userId)?.name;
            accountMails.set(`${userId} ${subject}`, {
              userId,
              ...notice,
              actionUrl: PAYMENT_REMINDER_ACTION_URL,
              mail: (to) => reminderMail(to, { ...facts, greeting: greeting ?? facts.greeting }),
            });
          }
          if (audience.fileEmail) {
            const to = audience.fileEmail;
            fileMails.push({
              keys: audience.userIds.map((userId) => `${userId} ${subject}`),
              mail: {
                to,
                ...notice,
                actionUrl: PAYMENT_REMINDER_ACTION_URL,
                mail: (address) => reminderMail(address, facts),
              },
            });
          }
        }
      }
    }
  }
  return { rows, accountMails, fileMails };
}
