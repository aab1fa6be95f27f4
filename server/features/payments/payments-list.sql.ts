import { type SQL, type SQLWrapper, and, sql } from 'drizzle-orm';
import type { PaymentListQuery, PaymentSortField } from '../../../contract/payments.schema';
import { paymentRecords, payments } from '../../db/schema/payments';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { byName, folded } from '../../lib/list-query';
import { overdueSql, scopeSql } from './money-figures';
import { type PaymentScopeKind, scopePlaceholders } from './payment-scope';

/*
 * The SQL pieces of the payments list for one shape of its query (payments.queries.ts),
 * every value a placeholder (`value(name)`), so a shape's statement is built and prepared
 * once.
 */

/** Which filters a query uses, its order and page: one prepared statement each. */
export interface Shape {
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

export const value = (name: string) => sql.placeholder(name);

/** The statuses in the order of DOMAIN.md (sorting by status groups them that way). */
const statusRank = sql`case ${payments.status} when 'pending' then 1 when 'partial' then 2 when 'in_review' then 3 when 'paid' then 4 when 'rejected' then 5 when 'cancelled' then 6 else 7 end`;

export const sortKeys: Record<PaymentSortField, SQL[]> = {
  due_date: [sql`${payments.dueDate}`],
  player: [byName(users.lastname), byName(users.name)],
  amount_due: [sql`${payments.amountDue}`],
  status: [statusRank],
  period: [sql`${payments.period}`],
};

/** The club's payments the shape's filters and the caller's scope select. */
export function whereOf(shape: Shape, today: SQL) {
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
