import { type SQL, count, eq, sql } from 'drizzle-orm';
import {
  type Payment,
  type PaymentListQuery,
  type PaymentListResponse,
  paymentListQuerySchema,
} from '../../../contract/payments.schema';
import { type ClubRead, clubSessionColumn } from '../../auth/club-session';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { categories } from '../../db/schema/categories';
import { charges } from '../../db/schema/money';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { orderOf } from '../../lib/list-query';
import { inlineLimit, pageAndTotal, pageOffset, preparedByShape } from '../../lib/prepared-shapes';
import { withRowMapper } from '../../lib/row-mapper';
import { balanceSql, clubTodaySql, overdueSql, periodStart } from './money-figures';
import { type Shape, sortKeys, value, whereOf } from './payments-list.sql';
import { countable, countedTotal } from './payment-counts';
import { type PaymentScope, paymentScopeKind, scopeValues } from './payment-scope';

/*
 * The payments list (GET …/payments), paged on the server (trap 4) and fast with 60,000
 * payments in a club: the page's ids first, read from payments alone (the category each
 * was billed under is its own, and so is its player's searchable text; users only to
 * sort by name), then only those rows joined with what they show. A period by due date reads its index in
 * order and counts apart; any other sort reads every matching row, so the same scan
 * counts them (a window); past the last page a count alone.
 * One statement per shape of the query (which filters, sort, page size), built once with
 * placeholders and prepared under its own name (server/lib/prepared-shapes.ts), so
 * PostgreSQL plans it once per connection (its SQL pieces: payments-list.sql.ts).
 * bench/HISTORY.md "The payments grid".
 */

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
  // The page, and the page with the caller's club session (a ClubRead, club-session.ts).
  const pageWith = <C extends Record<string, SQL>>(session: C) =>
    db
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
        ...session,
      })
      .from(pageIds)
      .innerJoin(payments, eq(payments.id, pageIds.id))
      .innerJoin(users, eq(users.id, payments.userId))
      .innerJoin(charges, eq(charges.id, payments.chargeId))
      .leftJoin(categories, eq(categories.id, payments.categoryId))
      .orderBy(...order);
  return {
    page: withRowMapper(pageWith({}).prepare(name)),
    pageWithSession: withRowMapper(
      pageWith({ clubSession: clubSessionColumn(db) }).prepare(`${name}_session`),
    ),
    count: count$.prepare(`${name}_count`),
  };
}

const statementsFor = preparedByShape('payments_list', statementsOf);

/** The statements of a list query and their values. */
function statementsAndValues(
  db: Db,
  clubId: number,
  query: PaymentListQuery,
  { scope, now }: { scope: PaymentScope; now: Date },
) {
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
    offset: (query.page - 1) * query.pageSize,
  };
  return { statements, values };
}

/** A page's rows as the statement returns them (the contract's payment, the total). */
export type PaymentPageRow = Awaited<
  ReturnType<ReturnType<typeof statementsFor>['page']['execute']>
>[number];

/**
 * A page of the club's payments within the caller's scope, sorted by due date, player
 * (last name, then name), amount due, status or period, the id last. `read`: the rows of
 * this query for the whole club, already read with the session (`paymentsListRead`),
 * when the scope is the whole club.
 */
export async function listPayments(
  db: Db,
  clubId: number,
  query: PaymentListQuery,
  options: { scope: PaymentScope; now: Date },
  read?: PaymentPageRow[],
): Promise<PaymentListResponse> {
  const { statements, values } = statementsAndValues(db, clubId, query, options);
  const { rows, total } = await pageAndTotal<PaymentPageRow & { clubSession?: unknown }>(
    statements,
    values,
    read,
  );
  return {
    data: rows.map(({ total: _total, clubSession: _session, ...row }) => row) as Payment[],
    total,
  };
}

/**
 * GET …/payments' ClubRead (club-session.ts): the whole club's page of the request's
 * query, read with the caller's club session in one statement.
 */
export const paymentsListRead = (db: Db, clock: Clock): ClubRead => ({
  run(request, session) {
    const query = paymentListQuerySchema.safeParse(request.query);
    if (!query.success) return undefined;
    const { statements, values } = statementsAndValues(db, session.sessionClubId, query.data, {
      scope: undefined,
      now: clock.now(),
    });
    return statements.pageWithSession.execute({ ...values, ...session });
  },
});
