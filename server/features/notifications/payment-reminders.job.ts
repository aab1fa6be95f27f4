import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clubPaymentMethods } from '../../db/schema/money';
import { paymentMethods } from '../../db/schema/reference';
import type { Clock } from '../../lib/clock';
import { type Family, familiesOf } from '../payments/payment-reminders.families';
import {
  type ReminderFacts,
  reminderMail,
  reminderNotice,
} from '../payments/payment-reminders.text';
import type { Tx } from '../payments/receipts';
import { jobNames, recordJobRun } from '../platform-health/job-runs';
import type { CreatedNotification, Notifier } from './notify';
import {
  type DueRow,
  PAYMENT_REMINDER_ACTION_URL,
  type ReminderRow,
  type SentRow,
  daysText,
  insertRemindersStatement,
  paymentRemindersStatement,
  reminderPriority,
  reminderTitle,
} from './payment-reminders.sql';

/*
 * The escalating payment reminders' run (issue #13 item 2; the rules are in
 * payment-reminders.sql.ts): one statement finds every active club's payments due at an
 * offset today, under an advisory lock so two servers (or 20 runs) at once remind each
 * family once. Logged, never fatal (DOMAIN.md trap 12). Started by server/main.ts only,
 * after the payment generation job.
 *
 * It runs every hour, not once a day: each club's "today" starts at its own midnight, and
 * a server restarted during the day catches up; a run that finds today's reminders made
 * creates nothing. A day the server is down all day is not made up later: those
 * reminders were for that day.
 *
 * Whom (issue #34, "reminders reach whoever pays", the families of the manual reminder,
 * payment-reminders.families.ts): one message per family and offset lists every child's
 * payments due then and the total, with the club's payment methods, in the words of the
 * manual reminder (payment-reminders.text.ts). A minor's goes to the accounts of his
 * authorised guardians; before any has an account, to the guardian e-mail on his file, by
 * e-mail only (his own account keeps an archived mark of it, so it goes once and the child
 * sees nothing); with neither, to his own account as before; an adult's to himself.
 *
 * E-mail by preference: an account's copy is e-mailed (notifier.mailCreated) when its
 * person wants payment_due by e-mail (off unless they chose it); the file's address gets
 * its mail when the mark was created. Queued in the same transaction; they leave once it
 * has committed.
 */

export const REMINDERS_INTERVAL_MS = 60 * 60 * 1000;

export interface ReminderLog {
  info(data: object, message: string): void;
  error(data: object, message: string): void;
}

/** What one run did for one club: its today and how many reminders it created. */
export interface ClubReminders {
  clubId: number;
  today: string;
  created: number;
}

/** What the job needs: the database, the time, where it logs and how it e-mails. */
export interface ReminderJobDeps {
  db: Db;
  clock: Clock;
  log: ReminderLog;
  /** Queues the e-mails of the reminders whose person chose payment_due by e-mail. */
  notifier: Pick<Notifier, 'mailCreated' | 'mailAddresses'> & Partial<Pick<Notifier, 'linkTo'>>;
}

interface ClubRow {
  club_id: number;
  name: string;
  today: string;
  due: DueRow[] | string;
  sent: SentRow[] | string;
}

/** A json column: parsed by both drivers, but read defensively as text too. */
const jsonOf = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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

/**
 * Creates the day's payment reminders of every active club (or of `clubId`) at the
 * clock's now; answers the count per club and logs it. Throws only what the database does.
 */
export async function createPaymentReminders(
  options: ReminderJobDeps & { clubId?: number },
): Promise<ClubReminders[]> {
  const { db, clock, log, notifier, clubId } = options;
  const now = clock.now();
  const link = notifier.linkTo?.(PAYMENT_REMINDER_ACTION_URL) ?? PAYMENT_REMINDER_ACTION_URL;
  const { runs, queued, onFile } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment-reminders'))`);
    const clubRows = rowsOf<ClubRow>(await tx.execute(paymentRemindersStatement({ clubId, now })));
    const methods = await methodsOf(
      tx as unknown as Db,
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
          const atOffset = family.items.filter(
            (i) => dueOf.get(i.paymentId)!.offset_days === offset,
          );
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
    const created = new Set(
      rows.length === 0
        ? []
        : rowsOf<{ user_id: number; subject: string }>(
            await tx.execute(insertRemindersStatement(rows, now)),
          ).map((row) => `${Number(row.user_id)} ${row.subject}`),
    );
    const visible = rows.filter(
      (row) => !row.archived && created.has(`${row.user_id} ${row.subject}`),
    );
    const mailedFiles = fileMails.filter((file) => file.keys.some((key) => created.has(key)));
    const runs = clubRows.map((row) => {
      const id = Number(row.club_id);
      const files = mailedFiles.filter((file) =>
        rows.some((r) => r.club_id === id && file.keys.includes(`${r.user_id} ${r.subject}`)),
      );
      return {
        clubId: id,
        today: String(row.today),
        created: visible.filter((r) => r.club_id === id).length + files.length,
      };
    });
    return {
      runs,
      queued: await notifier.mailCreated(
        tx,
        'payment_due',
        visible.map((row) => accountMails.get(`${row.user_id} ${row.subject}`)!),
      ),
      onFile: await notifier.mailAddresses(
        tx,
        mailedFiles.map((file) => file.mail),
      ),
    };
  });
  queued.dispatch();
  onFile.dispatch();
  log.info(
    {
      at: now.toISOString(),
      clubs: runs.length,
      created: runs.reduce((sum, run) => sum + run.created, 0),
      mails: queued.mails.length + onFile.mails.length,
      per_club: runs.filter((run) => run.created > 0),
    },
    'payment reminders: run done',
  );
  return runs;
}

/** One run for every active club; never throws (an error is logged, the next run retries). */
export async function runPaymentReminders(options: ReminderJobDeps): Promise<ClubReminders[]> {
  try {
    // Also the panel's job_runs row: 'ok' with the counts, or 'failed' with the error.
    return await recordJobRun(
      options.db,
      jobNames.paymentReminders,
      () => createPaymentReminders(options),
      {
        clock: options.clock,
        summarize: (runs) => ({
          clubs: runs.length,
          created: runs.reduce((sum, run) => sum + run.created, 0),
        }),
      },
    );
  } catch (error) {
    options.log.error({ err: error }, 'payment reminders: run failed');
    return [];
  }
}

/**
 * Runs the reminders now and then every `intervalMs`; the timer does not keep the process
 * alive. The returned function stops it and waits for a run in progress.
 */
export function startPaymentRemindersJob({
  intervalMs = REMINDERS_INTERVAL_MS,
  ...options
}: ReminderJobDeps & { intervalMs?: number }): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = running.then(() => (stopped ? [] : runPaymentReminders(options)));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
