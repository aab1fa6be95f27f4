import { and, count, eq } from 'drizzle-orm';
import {
  type Charge,
  type ChargeCreate,
  type ChargeListQuery,
  type ChargeListResponse,
  type ChargeStatus,
  type ChargeUpdate,
  chargeMessages,
} from '../../../contract/charges.schema';
import type { Db } from '../../db/client';
import { chargePriceChanges, charges } from '../../db/schema/money';
import { payments } from '../../db/schema/payments';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { applyList, byName, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import type { Tx } from '../people/people.service';
import { chargeBillsFamily } from '../payments/family-money';
import type { PaymentScope } from '../payments/payment-scope';
import { checkLinks, deleteLinks, storedLinks, withLinks, writeLinks } from './charge-links';
import { checkDue, onField, uniqueName } from './charge-rules';

export interface ChargesService {
  /** A page of the club's charges; with a family's `scope`, only those that bill it. */
  list(clubId: number, query: ChargeListQuery, scope?: PaymentScope): Promise<ChargeListResponse>;
  create(clubId: number, userId: number, input: ChargeCreate): Promise<Charge>;
  update(clubId: number, chargeId: number, userId: number, input: ChargeUpdate): Promise<Charge>;
  setStatus(clubId: number, chargeId: number, status: ChargeStatus): Promise<Charge>;
  remove(clubId: number, chargeId: number): Promise<Charge>;
}

/**
 * A club's charges. The club guard has checked the caller's payments.* permission in the
 * club of the URL; every query is scoped to that club, so another club's charge is a 404.
 */
export function createChargesService({ db, clock }: { db: Db; clock: Clock }): ChargesService {
  const mine = (clubId: number, chargeId: number) =>
    and(eq(charges.clubId, clubId), eq(charges.id, chargeId));

  /** The charge row locked for the rest of the transaction, or a 404. */
  async function locked(tx: Tx, clubId: number, chargeId: number) {
    const [row] = await tx.select().from(charges).where(mine(clubId, chargeId)).for('update');
    if (!row) throw new AppError(404, chargeMessages.notFound);
    return row;
  }

  async function answer(tx: Tx, row: typeof charges.$inferSelect) {
    const [charge] = await withLinks(tx, [row]);
    return charge!;
  }

  return {
    async list(clubId, query, scope) {
      const clauses = listClauses(
        query,
        {
          sortKeys: {
            name: [byName(charges.name)],
            amount: [charges.amount],
            concept: [charges.concept],
            status: [charges.status],
            created_at: [charges.createdAt],
            valid_from: [charges.validFrom],
          },
          searchColumns: [charges.name],
          id: charges.id,
        },
        eq(charges.clubId, clubId),
        query.status === undefined ? undefined : eq(charges.status, query.status),
        query.concept === undefined ? undefined : eq(charges.concept, query.concept),
        query.frequency_id === undefined ? undefined : eq(charges.frequencyId, query.frequency_id),
        scope ? chargeBillsFamily(scope, clubId) : undefined,
      );
      const page = await applyList(
        db.select({ row: charges, total: totalCount() }).from(charges).$dynamic(),
        clauses,
      );
      const { rows, total } = await pageWithTotal(page, clauses, async () => {
        const [counted] = await db.select({ n: count() }).from(charges).where(clauses.where);
        return counted?.n ?? 0;
      });
      return {
        data: await withLinks(
          db,
          rows.map(({ row }) => row),
          scope && { scope, clubId },
        ),
        total,
      };
    },

    /** The charge and its link rows in one transaction. */
    async create(clubId, userId, input) {
      return uniqueName(() =>
        db.transaction(async (tx) => {
          const due = await checkDue(tx, {
            frequencyId: input.frequency_id,
            dueDay: input.due_day,
            dueDate: input.due_date,
            validFrom: input.valid_from,
            validUntil: input.valid_until ?? null,
          });
          const links = await checkLinks(tx, clubId, {
            scope: input.scope,
            categoryIds: input.category_ids,
            playerIds: input.player_ids,
            excludedPlayerIds: input.excluded_player_ids,
            discountIds: input.discount_ids,
          });
          const now = clock.now();
          const [row] = await tx
            .insert(charges)
            .values({
              clubId,
              name: input.name,
              concept: input.concept,
              amount: input.amount,
              frequencyId: input.frequency_id,
              ...due,
              validFrom: input.valid_from,
              validUntil: input.valid_until ?? null,
              scope: input.scope,
              appliesToNewPlayers: input.applies_to_new_players,
              status: input.status,
              createdBy: userId,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          await writeLinks(tx, row!.id, links);
          return answer(tx, row!);
        }),
      );
    },

    /**
     * Changes the fields sent, checked against the stored ones. A new amount needs a
     * reason and is recorded in charge_price_changes in the same transaction; it applies
     * only to periods not yet generated (a payment keeps its own amount).
     */
    async update(clubId, chargeId, userId, input) {
      return uniqueName(() =>
        db.transaction(async (tx) => {
          const current = await locked(tx, clubId, chargeId);
          const priceChanged = input.amount !== undefined && input.amount !== current.amount;
          if (priceChanged && !input.price_change_reason)
            throw onField(400, 'price_change_reason', chargeMessages.reasonNeeded);
          const due = await checkDue(tx, {
            frequencyId: input.frequency_id ?? current.frequencyId,
            dueDay: input.due_day === undefined ? current.dueDay : input.due_day,
            dueDate: input.due_date === undefined ? current.dueDate : input.due_date,
            validFrom: input.valid_from ?? current.validFrom,
            validUntil: input.valid_until === undefined ? current.validUntil : input.valid_until,
          });
          const stored = await storedLinks(tx, current);
          const links = await checkLinks(tx, clubId, {
            scope: input.scope ?? current.scope,
            categoryIds: input.category_ids ?? stored.categoryIds,
            playerIds: input.player_ids ?? stored.playerIds,
            excludedPlayerIds: input.excluded_player_ids ?? stored.excludedPlayerIds,
            discountIds: input.discount_ids ?? stored.discountIds,
          });
          const now = clock.now();
          const [row] = await tx
            .update(charges)
            .set({
              ...(input.name !== undefined && { name: input.name }),
              ...(input.concept !== undefined && { concept: input.concept }),
              ...(input.amount !== undefined && { amount: input.amount }),
              ...(input.frequency_id !== undefined && { frequencyId: input.frequency_id }),
              ...due,
              ...(input.valid_from !== undefined && { validFrom: input.valid_from }),
              ...(input.valid_until !== undefined && { validUntil: input.valid_until }),
              scope: links.scope,
              ...(input.applies_to_new_players !== undefined && {
                appliesToNewPlayers: input.applies_to_new_players,
              }),
              ...(input.status !== undefined && { status: input.status }),
              updatedAt: now,
            })
            .where(mine(clubId, chargeId))
            .returning();
          await writeLinks(tx, chargeId, links);
          if (priceChanged) {
            await tx.insert(chargePriceChanges).values({
              chargeId,
              oldAmount: current.amount,
              newAmount: input.amount!,
              reason: input.price_change_reason!,
              changedBy: userId,
              changedAt: now,
            });
          }
          return answer(tx, row!);
        }),
      );
    },

    async setStatus(clubId, chargeId, status) {
      return db.transaction(async (tx) => {
        await locked(tx, clubId, chargeId);
        const [row] = await tx
          .update(charges)
          .set({ status, updatedAt: clock.now() })
          .where(mine(clubId, chargeId))
          .returning();
        return answer(tx, row!);
      });
    },

    /**
     * Deletes the link rows and the charge in one transaction; a charge with recorded
     * price changes keeps its history and is refused with 409 (deactivate it instead).
     */
    async remove(clubId, chargeId) {
      return db.transaction(async (tx) => {
        const row = await locked(tx, clubId, chargeId);
        const [changes] = await tx
          .select({ n: count() })
          .from(chargePriceChanges)
          .where(eq(chargePriceChanges.chargeId, chargeId));
        if ((changes?.n ?? 0) > 0) throw new AppError(409, chargeMessages.hasPriceChanges);
        // Payments keep their charge (RESTRICT): history is never deleted.
        const [billed] = await tx
          .select({ n: count() })
          .from(payments)
          .where(eq(payments.chargeId, chargeId));
        if ((billed?.n ?? 0) > 0) throw new AppError(409, chargeMessages.hasPayments);
        const charge = await answer(tx, row);
        await deleteLinks(tx, chargeId);
        await tx.delete(charges).where(mine(clubId, chargeId));
        return charge;
      });
    },
  };
}
