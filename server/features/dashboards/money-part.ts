import { sql } from 'drizzle-orm';
import {
  DASHBOARD_MONTHS,
  type DashboardClub,
  type MoneyMonth,
} from '../../../contract/dashboards.schema';
import type { PaymentSummary } from '../../../contract/payments.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { clubTodaySql, moneySummary } from '../payments/money-figures';
import { moneyByMonth } from '../payments/money-months';

/*
 * What the owner's and the accountant's dashboards share (issue #16): the club (name and
 * timezone) and the money part, each figure from money-figures.ts (the Pagos header of the
 * club's current month, whole-club scope, as GET …/payments/summary answers it to the
 * owner) and money-months.ts (the last DASHBOARD_MONTHS months).
 */

export interface MoneyPart {
  money: PaymentSummary;
  money_months: MoneyMonth[];
}

/**
 * The club's id, name and timezone, and its today at `now` ('YYYY-MM-DD', its timezone);
 * the caller's working club exists: the session check read it.
 */
export async function clubRef(
  db: Db,
  clubId: number,
  now: Date,
): Promise<{ club: DashboardClub; today: string }> {
  const [row] = await db
    .select({
      id: clubs.id,
      name: clubs.name,
      timezone: clubs.timezone,
      today: sql<string>`to_char(${clubTodaySql(clubId, now)}, 'YYYY-MM-DD')`,
    })
    .from(clubs)
    .where(sql`${clubs.id} = ${clubId}`);
  if (!row) throw new Error(`clubRef: club ${clubId} vanished`);
  const { today, ...club } = row;
  return { club, today };
}

/** The money part of club `clubId` at `now`: its current month's header and the chart. */
export async function moneyPart(db: Db, clubId: number, now: Date): Promise<MoneyPart> {
  const [summary, months] = await Promise.all([
    moneySummary(db, clubId, { now, scope: undefined }),
    moneyByMonth(db, clubId, { months: DASHBOARD_MONTHS, now }),
  ]);
  const { paid: _paid, ...money } = summary;
  return { money, money_months: months };
}
