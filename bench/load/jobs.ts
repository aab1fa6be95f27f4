/**
 * "Nothing doubled" for the scheduled jobs (ARCHITECTURE.md, scaling out): two app
 * servers started at the same instant on one PostgreSQL both run payment generation,
 * the payment reminders and the session reminders at startup. Before they start, each
 * job is given work (prepareJobWork); after, what each
 * server logged it created must add up to what the database holds, with no row twice.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../server/db/client';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Gives each job work to do: a new monthly charge for every player (payment generation),
 * 500 owed payments of the club due today (today's payment reminders, undone if made),
 * and a training of category `categoryId` 12 hours from now (its 24-hour reminder).
 * Answers the instant the check counts from.
 */
export async function prepareJobWork(
  handle: DbHandle,
  clubId: number,
  categoryId: number,
): Promise<Date> {
  const { db } = handle;
  const today = sql`(select (now() at time zone timezone)::date from pla_club_teams where id = ${clubId})`;
  await db.execute(sql`
    insert into charges (club_id, name, concept, amount, frequency_id, due_day, valid_from, created_by)
    select ${clubId}, ${`Cuota Carga ${Date.now()}`}, 'other', 10000, f.id, 28,
           date_trunc('month', now() at time zone c.timezone)::date,
           (select id from users where email = 'propietario@demo.club')
      from frequencies f, pla_club_teams c where f.code = 'monthly' and c.id = ${clubId}`);
  await db.execute(sql`
    update payments set due_date = ${today}
     where id in (select id from payments where club_id = ${clubId} and status = 'pending'
                   order by id desc limit 500)`);
  await db.execute(sql`
    delete from notifications where type = 'payment_due' and subject like 'payment:%'
       and day = ${today}`);
  await db.execute(sql`
    insert into sessions (club_id, category_id, type, title, starts_at, ends_at, location, status)
    values (${clubId}, ${categoryId}, 'training', 'Entrenamiento Carga', now() + interval '12 hours',
            now() + interval '13 hours', 'Cancha 1', 'scheduled')`);
  const [row] = rowsOf(await db.execute(sql`select now() as at`));
  return new Date(String(row!.at));
}

/** The three jobs' "run done" lines of one server's log (pino JSON lines). */
export interface JobLines {
  generationCreated?: number;
  remindersCreated?: number;
  sessionsReminded?: number;
  sessionNotifications?: number;
}

export function readJobLines(logFile: string): JobLines {
  const lines: JobLines = {};
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as Record<string, unknown> & { msg?: string };
    if (entry.msg === 'payment generation job: run done')
      lines.generationCreated = Number(entry.created);
    if (entry.msg === 'payment reminders: run done') lines.remindersCreated = Number(entry.created);
    if (entry.msg === 'session reminders: run done') {
      lines.sessionsReminded = Number(entry.sessions);
      lines.sessionNotifications = Number(entry.notifications);
    }
  }
  return lines;
}

export const jobsDone = (lines: JobLines) =>
  lines.generationCreated !== undefined &&
  lines.remindersCreated !== undefined &&
  lines.sessionsReminded !== undefined;

/** One job's figure: what each server logged, what the database holds, and duplicates. */
export interface JobCheck {
  job: string;
  'server A': number;
  'server B': number;
  database: number;
  duplicates: number;
  ok: boolean;
}

/** Compares the servers' logs with the rows made since `since`. */
export async function checkJobs(
  handle: DbHandle,
  since: Date,
  logs: [JobLines, JobLines],
): Promise<JobCheck[]> {
  const at = since.toISOString();
  const one = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf(await handle.db.execute(query))[0]?.n ?? 0);
  const payments = await one(
    sql`select count(*)::int as n from payments where created_at >= ${at}::timestamptz`,
  );
  const generated = await one(sql`
    select count(*)::int as n from payment_events e join payments p on p.id = e.payment_id
     where e.action = 'generated' and p.created_at >= ${at}::timestamptz`);
  const reminders = await one(sql`
    select count(*)::int as n from notifications
     where type = 'payment_due' and subject like 'payment:%' and created_at >= ${at}::timestamptz`);
  const sessions = await one(
    sql`select count(*)::int as n from sessions where reminder_sent_at >= ${at}::timestamptz`,
  );
  const eventNotes = await one(sql`
    select count(*)::int as n from notifications
     where type = 'event_reminder' and created_at >= ${at}::timestamptz`);
  const twice = async (query: ReturnType<typeof sql>) =>
    one(sql`select count(*)::int as n from (${query}) twice`);
  const paymentsTwice = await twice(sql`
    select 1 from payments where created_at >= ${at}::timestamptz
     group by charge_id, user_id, period having count(*) > 1`);
  const eventsTwice = await twice(sql`
    select 1 from payment_events e join payments p on p.id = e.payment_id
     where e.action = 'generated' and p.created_at >= ${at}::timestamptz
     group by e.payment_id having count(*) > 1`);
  const notesTwice = await twice(sql`
    select 1 from notifications where created_at >= ${at}::timestamptz
     group by user_id, type, subject having count(*) > 1`);
  const [a, b] = logs;
  const row = (job: string, x = 0, y = 0, database: number, duplicates: number): JobCheck => ({
    job,
    'server A': x,
    'server B': y,
    database,
    duplicates,
    ok: duplicates === 0 && x + y === database,
  });
  return [
    row(
      'payment generation: payments',
      a.generationCreated,
      b.generationCreated,
      payments,
      paymentsTwice,
    ),
    row(
      'payment generation: events',
      a.generationCreated,
      b.generationCreated,
      generated,
      eventsTwice,
    ),
    row('payment reminders', a.remindersCreated, b.remindersCreated, reminders, notesTwice),
    row('session reminders: sessions', a.sessionsReminded, b.sessionsReminded, sessions, 0),
    row(
      'session reminders: notifications',
      a.sessionNotifications,
      b.sessionNotifications,
      eventNotes,
      notesTwice,
    ),
  ];
}
