import { sql } from 'drizzle-orm';
import { DASHBOARD_MONTHS, type FamilyCharts } from '../../../contract/dashboards.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { payments } from '../../db/schema/payments';
import { attendanceRateByMonth } from '../attendance/attendance-figures';
import { clubTodaySql, periodFigureColumns } from '../payments/money-figures';
import type { SummaryKey } from '../parents/family-summary';
import { rowsOf } from '../../db/rows';

/*
 * A family's charts (issue #16: the player and parent dashboards) for many (club, player)
 * keys at once. The window is the club's last DASHBOARD_MONTHS months: from the first day
 * of the month DASHBOARD_MONTHS − 1 months before the club's current one (its timezone)
 * up to now. Both figures are the canonical modules':
 *
 * - attendance_months: attendanceRateByMonth (attendance-figures.ts) of the player's marks
 *   in that window; a month without counted marks is absent;
 * - payment_months: each period of the window (every month listed, oldest first), the
 *   money-figures.ts `periodFigureColumns` over the player's payments of that period:
 *   billed (amount due, not cancelled) and paid (amount paid, not cancelled).
 *
 * One statement for the windows, one for every key's payments. Attendance is one query
 * per key, run together: attendanceRateByMonth groups by month only, so two children in
 * one club cannot share a query (a family has a few children).
 */

const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
const keyOf = ({ clubId, playerId }: SummaryKey) => `${clubId}:${playerId}`;

/** Each club's window: its first month ('YYYY-MM-DD') and that day's start, an instant. */
async function windowsOf(db: Db, clubIds: readonly number[], now: Date) {
  const first = sql`(date_trunc('month', ${clubTodaySql(sql`c.id`, now)}) - make_interval(months => ${DASHBOARD_MONTHS - 1}))::date`;
  const rows = rowsOf<{ id: number; first_month: string; from_at: Date | string }>(
    await db.execute(sql`select c.id, to_char(${first}, 'YYYY-MM-DD') as first_month,
        (${first}::timestamp at time zone c.timezone) as from_at
      from ${clubs} c where c.id = any(${intArray(clubIds)}::int[])`),
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { firstMonth: row.first_month, from: new Date(row.from_at) },
    ]),
  );
}

/** Every key's payments per period of its club's window, all months listed. */
async function paymentMonthsOf(db: Db, keys: readonly SummaryKey[], now: Date) {
  const figures = periodFigureColumns(payments);
  const current = sql`date_trunc('month', ${clubTodaySql(sql`k.club_id`, now)})`;
  const rows = rowsOf<{
    club_id: number;
    player_id: number;
    month: string;
    billed: string;
    paid: string;
  }>(
    await db.execute(sql`
      with k as (
        select * from unnest(${intArray(keys.map((k) => k.clubId))}::int[],
          ${intArray(keys.map((k) => k.playerId))}::int[]) as k(club_id, player_id)
      ), m as (
        select k.club_id, k.player_id, gs::date as start from k cross join lateral
          generate_series(${current} - make_interval(months => ${DASHBOARD_MONTHS - 1}), ${current},
            interval '1 month') as gs
      )
      select m.club_id, m.player_id, to_char(m.start, 'YYYY-MM') as month,
        ${figures.billed} as billed, ${figures.paid} as paid
      from m left join ${payments} on ${payments.clubId} = m.club_id
        and ${payments.userId} = m.player_id and ${payments.period} = m.start
      group by m.club_id, m.player_id, m.start
      order by m.club_id, m.player_id, m.start`),
  );
  const byKey = new Map<string, FamilyCharts['payment_months']>();
  for (const row of rows) {
    const key = keyOf({ clubId: Number(row.club_id), playerId: Number(row.player_id) });
    const month = { month: row.month, billed: Number(row.billed), paid: Number(row.paid) };
    byKey.set(key, [...(byKey.get(key) ?? []), month]);
  }
  return byKey;
}

/** The charts of `keys` at `now`, by `${clubId}:${playerId}` (see the file comment). */
export async function familyChartsOf(
  db: Db,
  keys: readonly SummaryKey[],
  now: Date,
): Promise<Map<string, FamilyCharts>> {
  const charts = new Map<string, FamilyCharts>();
  if (keys.length === 0) return charts;
  const [windows, paymentMonths] = await Promise.all([
    windowsOf(db, [...new Set(keys.map((key) => key.clubId))], now),
    paymentMonthsOf(db, keys, now),
  ]);
  const attendance = await Promise.all(
    keys.map((key) => {
      const window = windows.get(key.clubId);
      if (!window) return [];
      const filter = { clubId: key.clubId, from: window.from, to: now, playerIds: [key.playerId] };
      return attendanceRateByMonth(db, filter);
    }),
  );
  keys.forEach((key, index) => {
    charts.set(keyOf(key), {
      attendance_months: attendance[index] ?? [],
      payment_months: paymentMonths.get(keyOf(key)) ?? [],
    });
  });
  return charts;
}
