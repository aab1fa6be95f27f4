import { type SQL, and, asc, count, gt, inArray, sql } from 'drizzle-orm';
import { CLUB_OWNER_ROLE } from '../../../contract/names';
import type { ReportQuery } from '../../../contract/reports.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { paymentCounts } from '../../db/schema/payment-counts';
import { paymentRecords, paymentStatuses } from '../../db/schema/payments';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { periodFigureColumns, periodStart } from '../payments/money-figures';
import { rowsOf } from '../../db/rows';

/*
 * The reports' rows, read in keyset batches (`id > after`, BATCH rows at a time) so a
 * report of any size streams with a bounded memory, and counted first with the same
 * filters (X-Total-Rows). The payments report reuses money-figures.ts: billed and debt
 * are its period figures over payment_counts; collected is its definition (approved
 * records by approval instant in the club's timezone) grouped by club and month.
 */

export const BATCH = 500;

export interface ClubRow {
  id: number;
  name: string;
  status: 'active' | 'archived';
  suspended: boolean;
  plan: string;
  owner: string | null;
  players: number;
  members: number;
  createdAt: Date;
}

export interface UserRow {
  id: number;
  name: string;
  lastname: string;
  email: string | null;
  status: string;
  locked: boolean;
  superAdmin: boolean;
  clubs: number;
  createdAt: Date;
}

export interface PaymentRow {
  clubId: number;
  club: string;
  /** 'YYYY-MM'. */
  period: string;
  billed: number;
  collected: number;
  debt: number;
  counts: Record<(typeof paymentStatuses)[number], number>;
}

const int = (expr: SQL) => sql<number>`cast(${expr} as integer)`.mapWith(Number);

function clubFilter(status: string | undefined): SQL | undefined {
  if (status === 'suspended') return sql`${clubs.suspendedAt} is not null`;
  if (status === 'archived') return sql`${clubs.status} = 'archived'`;
  if (status === 'active') return sql`${clubs.status} = 'active' and ${clubs.suspendedAt} is null`;
  return undefined;
}

function userFilter(status: string | undefined): SQL | undefined {
  if (status === 'locked') return sql`${users.lockedAt} is not null`;
  if (status === 'inactive') return sql`${users.status} = 'inactive'`;
  if (status === 'active') return sql`${users.status} = 'active' and ${users.lockedAt} is null`;
  return undefined;
}

export async function countClubs(db: Db, query: ReportQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clubs).where(clubFilter(query.status));
  return Number(row?.n ?? 0);
}

export function clubsBatch(db: Db, query: ReportQuery, after: number): Promise<ClubRow[]> {
  const m = clubMemberships;
  return db
    .select({
      id: clubs.id,
      name: clubs.name,
      status: clubs.status,
      suspended: sql<boolean>`${clubs.suspendedAt} is not null`,
      plan: clubs.plan,
      // Aliased by hand: Drizzle leaves a single-table select's columns unqualified.
      owner: sql<
        string | null
      >`(select string_agg(ou.name || ' ' || ou.lastname, ', ' order by om.created_at, om.id) from ${m} om join ${users} ou on ou.id = om.user_id join ${roles} orl on orl.id = om.role_id where om.club_id = ${clubs}.id and orl.name = ${CLUB_OWNER_ROLE})`,
      players: int(
        sql`(select count(*) from ${players} where ${players.clubId} = ${clubs.id} and ${players.status} = 'active')`,
      ),
      members: int(
        sql`(select count(distinct ${m.userId}) from ${m} where ${m.clubId} = ${clubs.id})`,
      ),
      createdAt: clubs.createdAt,
    })
    .from(clubs)
    .where(and(gt(clubs.id, after), clubFilter(query.status)))
    .orderBy(asc(clubs.id))
    .limit(BATCH);
}

export async function countUsers(db: Db, query: ReportQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(userFilter(query.status));
  return Number(row?.n ?? 0);
}

/** Never the password hash nor any token: only the columns named here. */
export function usersBatch(db: Db, query: ReportQuery, after: number): Promise<UserRow[]> {
  const m = clubMemberships;
  return db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      status: users.status,
      locked: sql<boolean>`${users.lockedAt} is not null`,
      superAdmin: users.isSuperAdmin,
      clubs: int(
        sql`(select count(distinct ${m.clubId}) from ${m} where ${m.userId} = ${users.id})`,
      ),
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(gt(users.id, after), userFilter(query.status)))
    .orderBy(asc(users.id))
    .limit(BATCH);
}

/** The month (first day) of an approved record, in its club's timezone. */
const recordMonth = sql`(date_trunc('month', ${paymentRecords.reviewedAt} at time zone (select ${clubs.timezone} from ${clubs} where ${clubs.id} = ${paymentRecords.clubId})))::date`;

function periodRange(column: SQL | typeof paymentCounts.period, query: ReportQuery) {
  return and(
    query.from ? sql`${column} >= ${periodStart(query.from)}::date` : undefined,
    query.to ? sql`${column} <= ${periodStart(query.to)}::date` : undefined,
  );
}

/** The (club, month) keys of the payments report: a period billed or a month collected. */
const paymentKeys = (query: ReportQuery) => sql`
  select ${paymentCounts.clubId} as club_id, ${paymentCounts.period} as period from ${paymentCounts}
   where true ${query.from || query.to ? sql`and ${periodRange(paymentCounts.period, query)}` : sql``}
  union
  select ${paymentRecords.clubId}, ${recordMonth} from ${paymentRecords}
   where ${paymentRecords.status} = 'approved'
   ${query.from || query.to ? sql`and ${periodRange(recordMonth, query)}` : sql``}`;

export async function countPaymentRows(db: Db, query: ReportQuery): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (${paymentKeys(query)}) k`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * The payments report's rows of the next clubs (by id) after `after` (none for a club
 * without payments or collections); `lastClubId` null once no club is left.
 */
export async function paymentsBatch(db: Db, query: ReportQuery, after: number) {
  const CLUBS_PER_BATCH = 50;
  // The next clubs by id (an index range), not the keys' union: that scans every record.
  const ids = (
    await db
      .select({ id: clubs.id })
      .from(clubs)
      .where(gt(clubs.id, after))
      .orderBy(asc(clubs.id))
      .limit(CLUBS_PER_BATCH)
  ).map((club) => club.id);
  if (ids.length === 0) return { rows: [] as PaymentRow[], lastClubId: null };
  const c = paymentCounts;
  const statusCounts = Object.fromEntries(
    paymentStatuses.map((status) => [
      status,
      int(sql`coalesce(sum(${c.payments}) filter (where ${c.status} = ${status}), 0)`),
    ]),
  ) as Record<(typeof paymentStatuses)[number], SQL<number>>;
  const [figures, collected, names] = await Promise.all([
    db
      .select({ clubId: c.clubId, period: c.period, ...periodFigureColumns(c), ...statusCounts })
      .from(c)
      .where(and(inArray(c.clubId, ids), periodRange(c.period, query)))
      .groupBy(c.clubId, c.period),
    db
      .select({
        clubId: paymentRecords.clubId,
        period: sql<string>`${recordMonth}::text`,
        amount: sql<number>`cast(sum(${paymentRecords.amount}) as bigint)`.mapWith(Number),
      })
      .from(paymentRecords)
      .where(
        and(
          inArray(paymentRecords.clubId, ids),
          sql`${paymentRecords.status} = 'approved'`,
          periodRange(recordMonth, query),
        ),
      )
      .groupBy(paymentRecords.clubId, recordMonth),
    db.select({ id: clubs.id, name: clubs.name }).from(clubs).where(inArray(clubs.id, ids)),
  ]);
  const key = (clubId: number, period: string) => `${clubId}:${period.slice(0, 7)}`;
  const rows = new Map<string, PaymentRow>();
  const nameOf = new Map(names.map((club) => [club.id, club.name]));
  const rowOf = (clubId: number, period: string) => {
    const k = key(clubId, period);
    let row = rows.get(k);
    if (!row) {
      row = {
        clubId,
        club: nameOf.get(clubId) ?? '',
        period: period.slice(0, 7),
        billed: 0,
        collected: 0,
        debt: 0,
        counts: Object.fromEntries(paymentStatuses.map((s) => [s, 0])) as PaymentRow['counts'],
      };
      rows.set(k, row);
    }
    return row;
  };
  for (const figure of figures) {
    const row = rowOf(figure.clubId, figure.period);
    row.billed = figure.billed;
    row.debt = figure.debt;
    for (const status of paymentStatuses) row.counts[status] = Number(figure[status]);
  }
  for (const each of collected) rowOf(each.clubId, each.period).collected = each.amount;
  const sorted = [...rows.values()].sort(
    (a, b) => a.clubId - b.clubId || a.period.localeCompare(b.period),
  );
  return { rows: sorted, lastClubId: ids[ids.length - 1]! };
}
