import { type SQL, sql } from 'drizzle-orm';

/*
 * The escalating payment reminders (issue #13 item 2, DOMAIN.md "Notifications"): for every
 * active club (or one), at the instant `now`, the club's today in its timezone; every owed
 * payment (pending, partial or rejected with a balance; never in review, paid, exempt or
 * cancelled) whose due date plus one of the club's `payment_reminder_offsets` is today is
 * reminded once that day. One statement finds them all (never a query per payment); the
 * job (payment-reminders.job.ts) groups them per family and offset and inserts the
 * reminders in one more.
 *
 * - Subject `payment:<ids>:offset:<n>` and day = the club's today: the unique index
 *   (user, type, subject, day) with ON CONFLICT DO NOTHING makes a second run create
 *   nothing; `sent` lists what today's earlier runs reminded, so a payment that becomes
 *   owed later in the day gets its own reminder and none is repeated.
 * - Priority rises with lateness: before the due date low, on the day medium, after it
 *   high, the club's last offset (the greatest) urgent.
 * - periodTextSql and moneyTextSql write a period and an amount in SQL exactly as es-CO
 *   and `formatMoney` do (tested equal), for statements that need them.
 */

/** Where a payment reminder takes the family: their payments screen. */
export const PAYMENT_REMINDER_ACTION_URL = '/home/payments';

/** Statuses whose balance a reminder asks for (in review waits for the club's decision). */
export const REMINDED_STATUSES = ['pending', 'partial', 'rejected'] as const;

const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]::text[]`);

/** A period (a date) as es-CO writes its month: 'marzo de 2026'. */
export const periodTextSql = (period: SQL): SQL<string> =>
  sql`((${textArray(MONTHS_ES)})[extract(month from ${period})::int] || ' de ' || extract(year from ${period})::int)`;

/**
 * An amount in minor units (COP: whole pesos, >= 0) as `formatMoney` writes it: '$', a
 * no-break space, the digits grouped by '.'. to_char's ',' pattern is a literal group
 * separator (unlike 'G', which follows lc_numeric), so every server writes the same.
 */
export const moneyTextSql = (minor: SQL): SQL<string> =>
  sql`('$' || chr(160) || replace(to_char(${minor}, 'FM999,999,999,999,999,999'), ',', '.'))`;

/** A count of days in words: 'vence mañana' / 'vence en 3 días', 'venció ayer' / 'venció hace 5 días'. */
export function daysText(offsetDays: number): string {
  if (offsetDays === -1) return 'vence mañana';
  if (offsetDays < 0) return `vence en ${-offsetDays} días`;
  if (offsetDays === 0) return 'vence hoy';
  if (offsetDays === 1) return 'venció ayer';
  return `venció hace ${offsetDays} días`;
}

/** Priority rises with lateness; the club's last offset is the urgent one. */
export function reminderPriority(offsetDays: number, isLast: boolean) {
  if (isLast) return 'urgent' as const;
  if (offsetDays < 0) return 'low' as const;
  return offsetDays === 0 ? ('medium' as const) : ('high' as const);
}

/** The escalating title of the reminders of one offset. */
export function reminderTitle(offsetDays: number, isLast: boolean): string {
  if (isLast && offsetDays > 0) return 'Último recordatorio: pago vencido';
  if (offsetDays < 0) return 'Pago próximo a vencer';
  return offsetDays === 0 ? 'Tu pago vence hoy' : 'Pago vencido';
}

/** One owed payment due at one of its club's offsets today. */
export interface DueRow {
  payment_id: number;
  user_id: number;
  charge_id: number;
  period: string;
  due_date: string;
  amount_due: number;
  amount_paid: number;
  status: 'pending' | 'partial' | 'rejected';
  offset_days: number;
  is_last: boolean;
}

/** A scheduled reminder already created today: whom, at which offset, for which payments. */
export interface SentRow {
  user_id: number;
  offset_days: number;
  payment_ids: number[];
}

/**
 * Finds, for every active club (or `clubId`) at `now`, in one statement: the club's today
 * and name, its owed payments due at one of its offsets today (`due`) and the scheduled
 * reminders already created today (`sent`, so a later run reminds only of what is new).
 */
export function paymentRemindersStatement(options: { clubId?: number; now: Date }): SQL {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const oneClub = options.clubId === undefined ? sql`` : sql`and c.id = ${options.clubId}`;
  return sql`with target as (
    select c.id as club_id, c.name, (${now} at time zone c.timezone)::date as today,
      c.payment_reminder_offsets as offsets,
      (select max(o) from unnest(c.payment_reminder_offsets) o) as last_offset
    from pla_club_teams c
    where c.status = 'active' ${oneClub}
  )
  select t.club_id, t.name, t.today::text as today,
    coalesce((select json_agg(json_build_object('payment_id', p.id, 'user_id', p.user_id,
        'charge_id', p.charge_id, 'period', p.period::text, 'due_date', p.due_date::text,
        'amount_due', p.amount_due, 'amount_paid', p.amount_paid, 'status', p.status,
        'offset_days', o.n, 'is_last', o.n = t.last_offset) order by p.id)
      from (select distinct unnest(t.offsets) as n) o
      join payments p on p.club_id = t.club_id and p.due_date = t.today - o.n
        and p.status in (${sql.raw(REMINDED_STATUSES.map((s) => `'${s}'`).join(', '))})
        and p.amount_due > p.amount_paid), '[]'::json) as due,
    coalesce((select json_agg(json_build_object('user_id', n.user_id,
        'offset_days', (n.data->>'offset_days')::int,
        'payment_ids', coalesce(n.data->'payment_ids', jsonb_build_array(n.data->'payment_id'))))
      from notifications n
      where n.club_id = t.club_id and n.type = 'payment_due' and n.day = t.today
        and n.data ? 'offset_days'), '[]'::json) as sent
  from target t
  order by t.club_id`;
}

/** One reminder to insert (visible, or the archived mark of an e-mail to a file's address). */
export interface ReminderRow {
  user_id: number;
  club_id: number;
  priority: string;
  title: string;
  message: string;
  data: Record<string, unknown>;
  subject: string;
  day: string;
  archived: boolean;
}

/**
 * Inserts `rows` at `now` in one statement, each at most once per user, type, subject and
 * day (ON CONFLICT DO NOTHING); answers the created ones' (user_id, subject).
 */
export function insertRemindersStatement(rows: readonly ReminderRow[], now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`insert into notifications (user_id, club_id, type, priority, title, message, data,
      subject, day, created_at, archived_at)
    select r.user_id, r.club_id, 'payment_due', r.priority, r.title, r.message, r.data,
      r.subject, r.day, ${at}, case when r.archived then ${at} end
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(user_id int, club_id int,
      priority text, title text, message text, data jsonb, subject text, day date,
      archived boolean)
    order by r.user_id, r.subject
    on conflict (user_id, type, subject, day) do nothing
    returning user_id, subject`;
}
