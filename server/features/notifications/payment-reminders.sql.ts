import { type SQL, sql } from 'drizzle-orm';

/*
 * The escalating payment reminders (issue #13 item 2, DOMAIN.md "Notifications") as one
 * set-based statement: for every active club (or one), at the instant `now`, the club's
 * today in its timezone; every owed payment (pending, partial or rejected with a balance;
 * never in review, paid, exempt or cancelled) whose due date plus one of the club's
 * `payment_reminder_offsets` is today gets a `payment_due` notification for its player's
 * account. Never a query per payment or per club.
 *
 * - Subject `payment:<id>:offset:<n>` and day = the club's today: the unique index
 *   (user, type, subject, day) with ON CONFLICT DO NOTHING makes a second run create nothing.
 * - Priority rises with lateness: before the due date low, on the day medium, after it
 *   high, the club's last offset (the greatest) urgent.
 * - The text is built here, in Spanish: the charge, the period as es-CO writes it
 *   ('marzo de 2026', Intl's month names) and the balance as `formatMoney` writes it
 *   ('$ 120.000' with a no-break space; locale-independent to_char, tested equal).
 *
 * Recipients (issue #34, "reminders reach whoever pays"): for a minor (under 18 on the
 * club's today, or of unknown age) every reminder goes to the active accounts of the
 * player's authorised guardians (guardian_links; pending or denied links get nothing),
 * not to the child; the guardian's copy starts with the player's name. An adult, or a
 * minor none of whose guardians has an authorised account yet, gets it on their own account;
 * for such a minor the guardian e-mail on the player's file (players.guardian_email, from
 * the player form or the import) also gets each one by e-mail, once: only when the
 * notification was created.
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

/** A count of days in words: 'mañana' / 'en 3 días', 'ayer' / 'hace 5 días'. */
const daysText = sql`case
  when d.offset_days = -1 then 'vence mañana'
  when d.offset_days < 0 then 'vence en ' || (-d.offset_days) || ' días'
  when d.offset_days = 0 then 'vence hoy'
  when d.offset_days = 1 then 'venció ayer'
  else 'venció hace ' || d.offset_days || ' días' end`;

const priority = sql`case
  when d.is_last then 'urgent'
  when d.offset_days < 0 then 'low'
  when d.offset_days = 0 then 'medium'
  else 'high' end`;

const title = sql`case
  when d.is_last and d.offset_days > 0 then 'Último recordatorio: pago vencido'
  when d.offset_days < 0 then 'Pago próximo a vencer'
  when d.offset_days = 0 then 'Tu pago vence hoy'
  else 'Pago vencido' end`;

const message = sql`(d.charge_name || ' de ' || ${periodTextSql(sql`d.period`)} || ': saldo '
  || ${moneyTextSql(sql`d.balance`)} || ', ' || ${daysText} || '.')`;

/**
 * Creates the day's reminders of every active club (or of `clubId`) at `now`, in one
 * statement; answers one row per club considered: `(club_id, today, created, notices,
 * on_file)`, `notices` being the created ones (`user_id`, `title`, `message`) for their
 * e-mails, `on_file` those of a minor with no guardian account yet whose file holds a
 * guardian e-mail (`to`, `title`, `message`): that address gets it by e-mail (issue #34).
 */
export function paymentRemindersStatement(options: { clubId?: number; now: Date }): SQL {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const oneClub = options.clubId === undefined ? sql`` : sql`and c.id = ${options.clubId}`;
  return sql`with target as (
    select c.id as club_id, (${now} at time zone c.timezone)::date as today,
      c.payment_reminder_offsets as offsets,
      (select max(o) from unnest(c.payment_reminder_offsets) o) as last_offset
    from pla_club_teams c
    where c.status = 'active' ${oneClub}
  ),
  due as (
    select t.club_id, t.today, o.n as offset_days, o.n = t.last_offset as is_last,
      p.id as payment_id, p.user_id, p.period, p.due_date,
      (p.amount_due - p.amount_paid) as balance, ch.name as charge_name,
      pu.name || ' ' || pu.lastname as player_name, pu.birth_date
    from target t
    cross join lateral (select distinct unnest(t.offsets) as n) o
    join payments p on p.club_id = t.club_id and p.due_date = t.today - o.n
      and p.status in (${sql.raw(REMINDED_STATUSES.map((s) => `'${s}'`).join(', '))})
      and p.amount_due > p.amount_paid
    join charges ch on ch.id = p.charge_id
    join users pu on pu.id = p.user_id
  ),
  guardians as (
    select d.payment_id, d.offset_days, g.id as guardian_id from due d
    join guardian_links gl on gl.club_id = d.club_id and gl.player_id = d.user_id
      and gl.status = 'authorized'
    join users g on g.id = gl.guardian_id and g.status = 'active' and g.deleted_at is null
    where g.id <> d.user_id
      and (d.birth_date is null or d.birth_date > d.today - interval '18 years')
  ),
  recipients as (
    select d.*, d.user_id as recipient, false as guardian from due d
    where not exists (select 1 from guardians x where x.payment_id = d.payment_id)
    union all
    select d.*, x.guardian_id, true from due d
    join guardians x on x.payment_id = d.payment_id and x.offset_days = d.offset_days
  ),
  inserted as (
    insert into notifications (user_id, club_id, type, priority, title, message, data,
      subject, day, created_at)
    select d.recipient, d.club_id, 'payment_due', ${priority}, ${title},
      case when d.guardian then d.player_name || ': ' || ${message} else ${message} end,
      jsonb_build_object('action_url', ${PAYMENT_REMINDER_ACTION_URL}::text,
        'payment_id', d.payment_id, 'offset_days', d.offset_days,
        'due_date', d.due_date::text, 'balance', d.balance),
      'payment:' || d.payment_id || ':offset:' || d.offset_days, d.today, ${now}
    from recipients d
    order by d.recipient, d.payment_id, d.offset_days
    on conflict (user_id, type, subject, day) do nothing
    returning id, club_id, user_id, title, message, (data->>'payment_id')::int as payment_id
  ),
  on_file as (
    select i.id, lower(trim(pl.guardian_email)) as email,
      u.name || ' ' || u.lastname || ': ' || i.message as message
    from inserted i
    join target t on t.club_id = i.club_id
    join payments p on p.id = i.payment_id and p.user_id = i.user_id
    join users u on u.id = i.user_id
    join players pl on pl.club_id = i.club_id and pl.user_id = i.user_id
    where (u.birth_date is null or u.birth_date > t.today - interval '18 years')
      and nullif(trim(pl.guardian_email), '') is not null
  )
  select t.club_id, t.today::text as today, count(i.club_id)::int as created,
    coalesce(json_agg(json_build_object('user_id', i.user_id, 'title', i.title,
      'message', i.message) order by i.user_id, i.id) filter (where i.id is not null),
      '[]'::json) as notices,
    coalesce(json_agg(json_build_object('to', f.email, 'title', i.title,
      'message', f.message) order by i.user_id, i.id) filter (where f.id is not null),
      '[]'::json) as on_file
  from target t left join inserted i on i.club_id = t.club_id
    left join on_file f on f.id = i.id
  group by t.club_id, t.today
  order by t.club_id`;
}
