import { type SQL, sql } from 'drizzle-orm';
import {
  chargeCategories,
  chargeDiscounts,
  chargePlayers,
  charges,
  discounts,
  playerDiscounts,
} from '../../db/schema/money';
import { players } from '../../db/schema/players';
import { scopeSql } from './money-figures';
import type { PaymentScope } from './payment-scope';

/*
 * What of the club's money catalogue concerns a family (issue #33 item 3): a player or a
 * guardian (payment-scope.ts) sees a charge only when it bills one of their people (the
 * player themself, the guardian's authorised children), a discount only when one of
 * their people holds it or it comes with a charge that bills them, and never the names,
 * ids or counts of other families' children on either. Each is one SQL condition over
 * the outer query's row, so a page and its total agree.
 */

/** The family's people of club `clubId` (current players), as a condition on `players`. */
const familyPlayer = (scope: NonNullable<PaymentScope>, clubId: number) =>
  sql`${players.clubId} = ${clubId} and ${players.inClub} and (${scopeSql(scope, players.userId, clubId)})`;

/** The charge (a `charges` row of the outer query) bills one of the family's people. */
export function chargeBillsFamily(scope: NonNullable<PaymentScope>, clubId: number): SQL {
  return sql`exists (
    select 1 from ${players}
    where ${familyPlayer(scope, clubId)}
      and not exists (select 1 from ${chargePlayers} where ${chargePlayers.chargeId} = ${charges.id} and ${chargePlayers.userId} = ${players.userId} and ${chargePlayers.excluded})
      and (
        ${charges.scope} = 'all'
        or (${charges.scope} = 'categories' and ${players.categoryId} in (select ${chargeCategories.categoryId} from ${chargeCategories} where ${chargeCategories.chargeId} = ${charges.id}))
        or (${charges.scope} = 'players' and exists (select 1 from ${chargePlayers} where ${chargePlayers.chargeId} = ${charges.id} and ${chargePlayers.userId} = ${players.userId} and not ${chargePlayers.excluded}))
      )
  )`;
}

/** The discount (a `discounts` row of the outer query) is held by the family or comes with a charge billing it. */
export function discountReachesFamily(scope: NonNullable<PaymentScope>, clubId: number): SQL {
  return sql`(
    exists (select 1 from ${playerDiscounts} where ${playerDiscounts.discountId} = ${discounts.id} and ${playerDiscounts.clubId} = ${clubId} and (${scopeSql(scope, playerDiscounts.userId, clubId)}))
    or exists (
      select 1 from ${chargeDiscounts} join ${charges} on ${charges.id} = ${chargeDiscounts.chargeId}
      where ${chargeDiscounts.discountId} = ${discounts.id} and ${chargeBillsFamily(scope, clubId)}
    )
  )`;
}

/** The condition that keeps, of a link's people (`userIdColumn`), only the family's; none for staff. */
export const familyPeopleOnly = (
  scope: PaymentScope,
  userIdColumn: Parameters<typeof scopeSql>[1],
  clubId: number,
): SQL | undefined => (scope ? scopeSql(scope, userIdColumn, clubId) : undefined);
