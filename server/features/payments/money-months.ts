import { sql } from 'drizzle-orm';
import type { MoneyMonth } from '../../../contract/dashboards.schema';
import type { Db } from '../../db/client';
import { paymentCounts } from '../../db/schema/payment-counts';
import { clubTodaySql, collectedSql, periodFigureColumns } from './money-figures';
import { rowsOf } from '../../db/rows';

/*
 * The billed-vs-collected chart of a club (issue #16): its last N months in ONE statement
 * (a generate_series over the months' first days, as analytics.service.ts does for the
 * platform), each figure by money-figures.ts' definitions:
 * - billed: `periodFigureColumns`' billed over the club's payment_counts rows of the
 *   month's period (= the Pagos header's `billed` of that period);
 * - collected: `collectedSql` of that month (approved records by approval instant in the
 *   club's timezone, whatever period they paid).
 * The months are the club's calendar: the current one is that of the club's today at
 * `now` (its timezone), and the series runs over first days of months (DOMAIN trap 1:
 * stepping a month from the 31st would skip one).
 */

/**
 * The last `months` months of club `clubId` ('YYYY-MM', oldest first, the current one
 * last) with what was billed for each period and collected in each month.
 */
export async function moneyByMonth(
  db: Db,
  clubId: number,
  { months, now }: { months: number; now: Date },
): Promise<MoneyMonth[]> {
  if (months <= 0) return [];
  const c = paymentCounts;
  const start = sql.raw('m.start');
  const billed = periodFigureColumns(c).billed;
  const result = await db.execute(sql`
    with m as (
      select gs::date as start
      from generate_series(
        date_trunc('month', ${clubTodaySql(clubId, now)})::date - make_interval(months => ${months - 1}),
        date_trunc('month', ${clubTodaySql(clubId, now)})::date,
        interval '1 month') as gs
    )
    select to_char(m.start, 'YYYY-MM') as month,
      (select ${billed} from ${c} where ${c.clubId} = ${clubId} and ${c.period} = ${start}) as billed,
      ${collectedSql(clubId, start, undefined)} as collected
    from m order by m.start`);
  return rowsOf<{ month: string; billed: unknown; collected: unknown }>(result).map((row) => ({
    month: String(row.month),
    billed: Number(row.billed ?? 0),
    collected: Number(row.collected ?? 0),
  }));
}
