import { type SQL, type SQLWrapper, and, count, eq, sql } from 'drizzle-orm';
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
import { inlineLimit, pageOffset, preparedByShape } from '../../lib/prepared-shapes';
import { balanceSql, clubTodaySql, overdueSql, periodStart, scopeSql } from './money-figures';
import { countable, countedTotal } from './payment-counts';
import {
  type PaymentScope,
  type PaymentScopeKind,
  paymentScopeKind,
  scopePlaceholders,
  scopeValues,
} from './payment-scope';

/*
 * The payments list (GET …/payments), paged on the server (trap 4) and fast with 60,000
 * payments in a club: the page's ids first, read from payments alone (the category each
 * was billed under is its own, and so is its player's searchable text; users only to
 * sort by name), then only those rows joined with what they show. A period by due date reads its index in
 * order and counts apart; any other sort reads every matching row, so the same scan
 * counts them (a window); past the last page a count alone.
 * One statement per shape of the query (which filters, sort, page size), built once with
 * placeholders and prepared under its own name (server/lib/prepared-shapes.ts), so
 * PostgreSQL plans it once per connection. bench/HISTORY.md "The payments grid".
 */

/** Which filters a query uses, its order and page: one prepared statement each. */
interface Shape {
  pageSize: number;
  firstPage: boolean;
  sort: PaymentListQuery['sort'];
  period: boolean;
  status: boolean;
  player: boolean;
  category: boolean;
  method: boolean;
  overdue: boolean | undefined;
  /** The whole club, or a family's payments: own, children's, both or none (payment-scope.ts). */
  scope: PaymentScopeKind;
  search: boolean;
}

const value = (name: string) => sql.placeholder(name);

/** The statuses in the order of DOMAIN.md (sorting by status groups them that way). */
const statusRank = sql`case ${payments.status} when 'pending' then 1 when 'partial' then 2 when 'in_review' then 3 when 'paid' then 4 when 'rejected' then 5 when 'cancelled' then 6 else 7 end`;

const sortKeys: Record<PaymentSortField, SQL[]> = {
  due_date: [sql`${payments.dueDate}`],
  player: [byName(users.lastname), byName(users.name)],
  amount_due: [sql`${payments.amountDue}`],
  status: [statusRank],
  period: [sql`${payments.period}`],
};

/** The club's payments the shape's filters and the caller's scope select. */
function whereOf(shape: Shape, today: SQL) {
  const is = (column: SQLWrapper, name: string) => sql`${column} = ${value(name)}`;
  return and(
    is(payments.clubId, 'clubId'),
    // A search's keys name the period (searchSql); said again, PostgreSQL would add the
    // period's index to the search's and read both.
    shape.period && !shape.search ? sql`${payments.period} = ${value('period')}::date` : undefined,
    shape.status ? is(payments.status, 'status') : undefined,
    shape.player ? is(payments.userId, 'playerId') : undefined,
    shape.category ? inCategory() : undefined,
    shape.method
      ? sql`exists (select 1 from ${paymentRecords} where ${paymentRecords.paymentId} = ${payments.id} and ${paymentRecords.paymentMethodId} = ${value('methodId')} and ${paymentRecords.status} <> 'rejected')`
      : undefined,
    shape.overdue === undefined
      ? undefined
      : shape.overdue
        ? overdueSql(today)
        : sql`not ${overdueSql(today)}`,
    scopeSql(scopePlaceholders(shape.scope), payments.userId, value('clubId')),
    shape.search ? searchSql(shape.period) : undefined,
  );
}

/**
 * `q` over the player's "name lastname" and document, ignoring case and accents, without
 * folding a name per payment: each payment keeps that part of its player's stored text
 * (payments.player_search, migration 0043: "name lastname", chr(1), document, folded as
 * lists fold; kept by triggers, outside the Drizzle table). Within a period its index
 * (migration 0045) holds keys that name the club's period and a trigram, so the period's
 * matches come from three or so short posting lists: `q`'s keys hold every trigram within
 * its words, or the period alone, and so imply the club's period. Across periods, the
 * club's matching players come from their own index first (migration 0040: their text
 * holds the guardian too, which the payments never match), then their payments. `q` never
 * holds chr(1) (the text schema refuses control characters), so it matches within the name
 * or within the document.
 */
function searchSql(period: boolean): SQL {
  // `q` with LIKE's wildcards escaped (listPayments), folded once per execution.
  const q = folded(sql`${value('q')}::text`);
  const pattern = sql`(select '%' || ${q} || '%')`;
  if (!period) {
    const matching = sql`select ${players.userId} from ${players}
      where ${players.clubId} = ${value('clubId')} and ${players.searchText} like ${pattern}
        and player_person_search(${players.searchText}) like ${pattern}`;
    return sql`${payments.userId} in (${matching})`;
  }
  const keys = sql`payment_search_query_keys(${value('clubId')}, ${value('period')}::date, ${q})`;
  return sql`payment_search_keys(${payments.clubId}, ${payments.period}, ${payments}."player_search") @> ${keys}
    and ${payments}."player_search" like ${pattern}`;
}

/** The payment was billed under the category (payments.category_id, migration 0021). */
const inCategory = () => sql`${payments.categoryId} = ${value('categoryId')}`;

/** The statements (page with its total; count alone) of one shape. */
function statementsOf(db: Db, shape: Shape, name: string) {
  const today = clubTodaySql(value('clubId'), value('now'));
  const where = whereOf(shape, today);
  // The keys name payments and users: inside the subquery its own rows, outside the page's.
  const order = orderOf(shape.sort, { sortKeys, id: payments.id });
  // The whole club's payments of a period are totalled from payment_counts (a few rows
  // kept by triggers, payment-counts.ts); other filters count the payments themselves.
  const count$ = countable(shape)
    ? countedTotal(db, shape, today)
    : db.select({ n: count() }).from(payments).where(where);
  // A period in due-date order whose total payment_counts knows is read in the order of
  // payments_club_period_due_idx: the page stops after its rows. Otherwise one scan reads
  // every matching row and counts them (a window): cheaper than a page scan plus a count
  // scan that would each read a category's or a search's matches again.
  const indexOrder = shape.period && shape.sort.field === 'due_date' && countable(shape);
  const matches = indexOrder
    ? sql<number>`cast((${count$}) as integer)`
    : sql<number>`cast(count(*) over () as integer)`;
  let ids = db
    .select({ id: sql<number>`${payments.id}`.as('page_id'), matches: matches.as('page_matches') })
    .from(payments)
    .$dynamic();
  // Sorting by the player's name is the one thing the page's ids read users for.
  if (shape.sort.field === 'player') ids = ids.innerJoin(users, eq(users.id, payments.userId));
  const pageIds = ids
    .where(where)
    .orderBy(...order)
    .limit(inlineLimit(shape.pageSize))
    .offset(pageOffset(shape.firstPage, value('offset')))
    .as('page_ids');
  const page = db
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
    .leftJoin(categories, eq(categories.id, payments.categoryId))
    .orderBy(...order);
  return { page: page.prepare(name), count: count$.prepare(`${name}_count`) };
}

const statementsFor = preparedByShape('payments_list', statementsOf);

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
  const statements = statementsFor(db, {
    pageSize: query.pageSize,
    firstPage: query.page === 1,
    sort: query.sort,
    period: query.period !== undefined,
    status: query.status !== undefined,
    player: query.player_id !== undefined,
    category: query.category_id !== undefined,
    method: query.payment_method_id !== undefined,
    overdue: query.overdue,
    scope: paymentScopeKind(scope),
    search: Boolean(query.q),
  });
  const offset = (query.page - 1) * query.pageSize;
  const values = {
    clubId,
    now: now.toISOString(),
    period: query.period === undefined ? undefined : periodStart(query.period),
    status: query.status,
    playerId: query.player_id,
    categoryId: query.category_id,
    methodId: query.payment_method_id,
    ...scopeValues(scope),
    q: query.q?.replace(/[\\%_]/g, (char) => `\\${char}`),
    offset,
  };
  const rows = await statements.page.execute(values);
  // A page past the end has no row to read the total from: only then a second query.
  const total =
    rows[0]?.total ??
    (offset > 0 ? Number((await statements.count.execute(values))[0]?.n ?? 0) : 0);
  return { data: rows.map(({ total: _total, ...row }) => row) as Payment[], total };
}
