import { type SQL, and, count, eq, sql } from 'drizzle-orm';
import type {
  Payment,
  PaymentListQuery,
  PaymentListResponse,
  PaymentSortField,
} from '../../../contract/payments.schema';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { charges } from '../../db/schema/money';
import { paymentRecords, payments } from '../../db/schema/payments';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { byName, folded, orderOf } from '../../lib/list-query';
import { balanceSql, clubTodaySql, overdueSql, periodStart, scopeSql } from './money-figures';
import type { PaymentScope } from './payment-scope';

/*
 * The payments list (GET …/payments), paged on the server (trap 4) and fast with 60,000
 * payments in a club: the page's ids first, read from payments alone unless a filter or
 * the order needs the player (users: search, sort by name; players: category), then only
 * those rows joined with what they show. The total is a scalar subquery of the same
 * statement that joins only what the filters need; the club's today (for "overdue") is
 * one more, evaluated once. The period and status filters follow the indexes
 * payments_club_period_idx and payments_club_status_due_idx.
 */

/** What a list query reads besides payments. */
interface Needs {
  users: boolean;
  players: boolean;
}

const needsOf = (query: PaymentListQuery, forCount: boolean): Needs => ({
  users: !forCount && query.sort.field === 'player',
  players: query.category_id !== undefined,
});

/** The statuses in the order of DOMAIN.md (sorting by status groups them that way). */
const statusRank = sql`case ${payments.status} when 'pending' then 1 when 'partial' then 2 when 'in_review' then 3 when 'paid' then 4 when 'rejected' then 5 when 'cancelled' then 6 else 7 end`;

const sortKeys: Record<PaymentSortField, SQL[]> = {
  due_date: [sql`${payments.dueDate}`],
  player: [byName(users.lastname), byName(users.name)],
  amount_due: [sql`${payments.amountDue}`],
  status: [statusRank],
  period: [sql`${payments.period}`],
};

/** The club's payments the query and the caller's scope select. */
function whereOf(clubId: number, query: PaymentListQuery, scope: PaymentScope, today: SQL) {
  return and(
    eq(payments.clubId, clubId),
    query.period === undefined ? undefined : eq(payments.period, periodStart(query.period)),
    query.status === undefined ? undefined : eq(payments.status, query.status),
    query.player_id === undefined ? undefined : eq(payments.userId, query.player_id),
    query.category_id === undefined ? undefined : eq(players.categoryId, query.category_id),
    query.payment_method_id === undefined
      ? undefined
      : sql`exists (select 1 from ${paymentRecords} where ${paymentRecords.paymentId} = ${payments.id} and ${paymentRecords.paymentMethodId} = ${query.payment_method_id} and ${paymentRecords.status} <> 'rejected')`,
    query.overdue === undefined
      ? undefined
      : query.overdue
        ? overdueSql(today)
        : sql`not ${overdueSql(today)}`,
    scopeSql(scope, payments.userId),
    query.q ? searchSql(clubId, query.q) : undefined,
  );
}

/**
 * `q` over the player's "name lastname" and document, ignoring case and accents, without
 * folding a name per payment: the club's players whose stored text matches, read once
 * (players.search_text, migration 0008: "name lastname", chr(1), document, chr(1),
 * guardian, folded as lists fold; the guardian is not searched here). A payment of
 * someone the club has no players row for has their name folded on the fly, as before.
 */
function searchSql(clubId: number, q: string): SQL {
  const escaped = q.replace(/[\\%_]/g, (char) => `\\${char}`);
  const pattern = sql`(select '%' || ${folded(sql`${escaped}`)} || '%')`;
  const text = players.searchText;
  const part = (n: number) => sql`split_part(${text}, chr(1), ${sql.raw(String(n))})`;
  const matching = sql`select ${players.userId} from ${players} where ${players.clubId} = ${clubId} and ${text} like ${pattern} and (${part(1)} like ${pattern} or ${part(2)} like ${pattern})`;
  const person = sql`${folded(sql`${users.name} || ' ' || ${users.lastname}`)} like ${pattern} or ${folded(sql`coalesce(${users.documentNumber}, '')`)} like ${pattern}`;
  // A scalar subquery, so the planner probes the one user rather than hashing them all.
  const personMatches = sql`coalesce((select ${person} from ${users} where ${users.id} = ${payments.userId}), false)`;
  return sql`(${payments.userId} in (${matching})
    or (${payments.userId} not in (select ${players.userId} from ${players} where ${players.clubId} = ${clubId}) and ${personMatches}))`;
}

/** The club's row for the payment's player (its current category). */
const playerRow = and(eq(players.clubId, payments.clubId), eq(players.userId, payments.userId));

/**
 * A page of the club's payments within the caller's scope, sorted by due date, player
 * (last name, then name), amount due, status or period, the id last.
 */
export async function listPayments(
  db: Db,
  clubId: number,
  query: PaymentListQuery,
  { scope, now }: { scope: PaymentScope; now: Date },
): Promise<PaymentListResponse> {
  const today = clubTodaySql(clubId, now);
  const where = whereOf(clubId, query, scope, today);
  // The keys name payments and users: inside the subquery its own rows, outside the page's.
  const order = orderOf(query.sort, { sortKeys, id: payments.id });
  const offset = (query.page - 1) * query.pageSize;
  const countNeeds = needsOf(query, true);
  let count$ = db.select({ n: count() }).from(payments).$dynamic();
  if (countNeeds.users) count$ = count$.innerJoin(users, eq(users.id, payments.userId));
  if (countNeeds.players) count$ = count$.innerJoin(players, playerRow);
  count$ = count$.where(where);

  const pageNeeds = needsOf(query, false);
  let ids = db
    .select({
      id: sql<number>`${payments.id}`.as('page_id'),
      // The page's sort reads every matching row anyway: it counts them as it goes.
      matches: sql<number>`cast(count(*) over () as integer)`.as('page_matches'),
    })
    .from(payments)
    .$dynamic();
  if (pageNeeds.users) ids = ids.innerJoin(users, eq(users.id, payments.userId));
  if (pageNeeds.players) ids = ids.innerJoin(players, playerRow);
  const pageIds = ids
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offset)
    .as('page_ids');
  const rows = await db
    .select({
      id: payments.id,
      player: {
        id: users.id,
        name: users.name,
        lastname: users.lastname,
        document_number: users.documentNumber,
      },
      category: { id: categories.id, name: categories.name },
      charge: { id: charges.id, name: charges.name, concept: charges.concept },
      period: sql<string>`to_char(${payments.period}, 'YYYY-MM')`,
      covers_from: payments.coversFrom,
      covers_to: payments.coversTo,
      due_date: payments.dueDate,
      base_amount: payments.baseAmount,
      discount_amount: payments.discountAmount,
      amount_due: payments.amountDue,
      amount_paid: payments.amountPaid,
      balance: balanceSql.mapWith(Number),
      discounts_applied: payments.discountsApplied,
      status: payments.status,
      overdue: overdueSql(today),
      status_reason: payments.statusReason,
      total: sql<number>`${pageIds.matches}`.mapWith(Number),
    })
    .from(pageIds)
    .innerJoin(payments, eq(payments.id, pageIds.id))
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(charges, eq(charges.id, payments.chargeId))
    .leftJoin(
      players,
      and(eq(players.clubId, payments.clubId), eq(players.userId, payments.userId)),
    )
    .leftJoin(categories, eq(categories.id, players.categoryId))
    .orderBy(...order);
  // A page past the end has no row to read the total from: only then a second query.
  const totalCount = rows[0]?.total ?? (offset > 0 ? Number((await count$)[0]?.n ?? 0) : 0);
  return { data: rows.map(({ total: _total, ...row }) => row) as Payment[], total: totalCount };
}
