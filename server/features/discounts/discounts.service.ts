import { and, count, eq, exists, sql } from 'drizzle-orm';
import { type DiscountHolder } from '../../../contract/discount-holders.schema';
import {
  type Discount,
  type DiscountCreate,
  type DiscountListQuery,
  type DiscountListResponse,
  type DiscountStatus,
  type DiscountUpdate,
  discountMessages,
  discountThirdProblem,
  discountValueProblem,
} from '../../../contract/discounts.schema';
import type { Db } from '../../db/client';
import { chargeDiscounts, discounts, playerDiscounts } from '../../db/schema/money';
import { AppError, conflictOn } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { discountReachesFamily } from '../payments/family-money';
import type { PaymentScope } from '../payments/payment-scope';
import { applyList, byName, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import { isUniqueViolation, sqlState } from '../../lib/sql-state';
import { badField } from '../members/members.service';
import {
  type DiscountPlayersChange,
  assignDiscountPlayers,
  discountHolders,
  withPlayerCounts,
} from './discount-holders';

/** SQLSTATE of a foreign-key violation: a row still points at the one being deleted. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Runs a write and turns the (club, lower(name)) unique violation into the Spanish 409 on
 * `name`: two requests with the same name at once both pass any check made before writing.
 */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'discounts_club_name_unique'))
      throw conflictOn('name', discountMessages.duplicateName);
    throw error;
  }
}

export interface DiscountsService {
  /** A page of the club's discounts; with a family's `scope`, only those that reach it. */
  list(
    clubId: number,
    query: DiscountListQuery,
    scope?: PaymentScope,
  ): Promise<DiscountListResponse>;
  create(clubId: number, input: DiscountCreate): Promise<Discount>;
  update(clubId: number, discountId: number, input: DiscountUpdate): Promise<Discount>;
  setStatus(clubId: number, discountId: number, status: DiscountStatus): Promise<Discount>;
  remove(clubId: number, discountId: number): Promise<Discount>;
  /** The club's current players holding the discount. */
  holders(clubId: number, discountId: number): Promise<DiscountHolder[]>;
  assignPlayers(
    clubId: number,
    discountId: number,
    input: DiscountPlayersChange,
  ): Promise<{ added: number[]; removed: number[] }>;
}

/**
 * A club's discount catalogue. The club guard has checked the caller's payments.*
 * permission in the club of the URL; every query here is scoped to that club, so another
 * club's discount is a 404.
 */
export function createDiscountsService({ db, clock }: { db: Db; clock: Clock }): DiscountsService {
  const mine = (clubId: number, discountId: number) =>
    and(eq(discounts.clubId, clubId), eq(discounts.id, discountId));

  return {
    /** One page, filtered by status/kind and `q` over name and description. */
    async list(clubId, query, scope) {
      const clauses = listClauses(
        query,
        {
          sortKeys: {
            name: [byName(discounts.name)],
            kind: [discounts.kind, byName(discounts.name)],
            // Percentages and amounts are different units: each kind sorts on its own.
            value: [discounts.kind, discounts.value, byName(discounts.name)],
            status: [discounts.status, byName(discounts.name)],
            created_at: [discounts.createdAt],
          },
          searchColumns: [discounts.name, discounts.description],
          id: discounts.id,
        },
        eq(discounts.clubId, clubId),
        query.status === undefined ? undefined : eq(discounts.status, query.status),
        query.kind === undefined ? undefined : eq(discounts.kind, query.kind),
        query.player_id === undefined
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(playerDiscounts)
                .where(
                  and(
                    eq(playerDiscounts.discountId, discounts.id),
                    eq(playerDiscounts.clubId, clubId),
                    eq(playerDiscounts.userId, query.player_id),
                  ),
                ),
            ),
        scope ? discountReachesFamily(scope, clubId) : undefined,
      );
      const page = await applyList(
        db.select({ row: discounts, total: totalCount() }).from(discounts).$dynamic(),
        clauses,
      );
      const { rows, total } = await pageWithTotal(page, clauses, async () => {
        const [counted] = await db.select({ n: count() }).from(discounts).where(clauses.where);
        return counted?.n ?? 0;
      });
      return {
        data: await withPlayerCounts(
          db,
          clubId,
          rows.map(({ row }) => row),
          scope,
        ),
        total,
      };
    },

    async create(clubId, input) {
      const now = clock.now();
      const [row] = await uniqueName(() =>
        db
          .insert(discounts)
          .values({
            clubId,
            name: input.name,
            description: input.description ?? null,
            kind: input.kind,
            value: input.value,
            thirdValue: input.third_value ?? null,
            status: input.status,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
      );
      return { ...(await withPlayerCounts(db, clubId, [row!]))[0]!, player_count: 0 };
    },

    /** Changes only the fields sent; a kind or a value alone is checked against the stored one. */
    async update(clubId, discountId, input) {
      return uniqueName(() =>
        db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(discounts)
            .where(mine(clubId, discountId))
            .for('update');
          if (!current) throw new AppError(404, discountMessages.notFound);
          const kind = input.kind ?? current.kind;
          const value = input.value ?? current.value;
          const problem = discountValueProblem(kind, value);
          if (problem) throw badField(input.value === undefined ? 'kind' : 'value', problem);
          // Leaving the sibling rule drops its third percentage unless one is sent.
          const thirdValue =
            input.third_value !== undefined
              ? input.third_value
              : kind === 'siblings'
                ? current.thirdValue
                : null;
          const thirdProblem = discountThirdProblem(kind, thirdValue);
          if (thirdProblem) throw badField('third_value', thirdProblem);
          const [updated] = await tx
            .update(discounts)
            .set({
              ...(input.name !== undefined && { name: input.name }),
              ...(input.description !== undefined && { description: input.description }),
              ...(input.status !== undefined && { status: input.status }),
              kind,
              value,
              thirdValue,
              updatedAt: clock.now(),
            })
            .where(mine(clubId, discountId))
            .returning();
          return (await withPlayerCounts(tx, clubId, [updated!]))[0]!;
        }),
      );
    },

    async setStatus(clubId, discountId, status) {
      const [updated] = await db
        .update(discounts)
        .set({ status, updatedAt: clock.now() })
        .where(mine(clubId, discountId))
        .returning();
      if (!updated) throw new AppError(404, discountMessages.notFound);
      return (await withPlayerCounts(db, clubId, [updated]))[0]!;
    },

    /**
     * Deletes a discount nothing uses. One linked to a charge or a player (even a former
     * one) is refused with 409 and how many: those links are the history of what was
     * billed, so it is deactivated instead. The row is locked first, so a player linked at
     * the same time waits; a charge linked at the same time makes the foreign key refuse
     * the delete, which is the same 409.
     */
    async remove(clubId, discountId) {
      try {
        return await db.transaction(async (tx) => {
          const [locked] = await tx
            .select()
            .from(discounts)
            .where(mine(clubId, discountId))
            .for('update');
          if (!locked) throw new AppError(404, discountMessages.notFound);
          const [[players], [charges]] = await Promise.all([
            tx
              .select({ n: count() })
              .from(playerDiscounts)
              .where(eq(playerDiscounts.discountId, discountId)),
            tx
              .select({ n: count() })
              .from(chargeDiscounts)
              .where(eq(chargeDiscounts.discountId, discountId)),
          ]);
          const linkedPlayers = players?.n ?? 0;
          const linkedCharges = charges?.n ?? 0;
          if (linkedPlayers + linkedCharges > 0)
            throw new AppError(409, discountMessages.inUse(linkedPlayers, linkedCharges));
          const [answer] = await withPlayerCounts(tx, clubId, [locked]);
          await tx.delete(discounts).where(mine(clubId, discountId));
          return answer!;
        });
      } catch (error) {
        if (sqlState(error) === FOREIGN_KEY_VIOLATION)
          throw new AppError(409, discountMessages.linked);
        throw error;
      }
    },

    holders: (clubId, discountId) => discountHolders(db, clubId, discountId),

    assignPlayers: (clubId, discountId, input) =>
      assignDiscountPlayers(db, clock.now(), clubId, discountId, input),
  };
}
