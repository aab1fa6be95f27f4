import { and, eq, inArray } from 'drizzle-orm';
import { siblingPercentage, siblingReason } from '../../../contract/discount-siblings';
import type { Db } from '../../db/client';
import { chargeDiscounts, discounts } from '../../db/schema/money';
import { players } from '../../db/schema/players';
import {
  authorisedGuardiansOf,
  type GuardianOf,
  siblingFamilies,
} from '../parents/authorised-guardians';
import type { Tx } from '../people/people.service';
import {
  type BilledPeriod,
  type SiblingShare,
  siblingCandidatesStatement,
} from './payment-generation.sql';
import { rowsOf } from '../../db/rows';

/*
 * The sibling rules of a run (issue #34 item 2, kind 'siblings'). For each billed charge
 * linked to an active sibling rule: the players the charge bills this period are grouped
 * in families (children sharing an authorised guardian, parents/authorised-guardians.ts),
 * each family ordered by birth date, oldest first (unknown birth dates last), ties by id;
 * Before a guardian has an account, the guardian's e-mail or phone on the children's records
 * (the player form, the import) makes them siblings too, as it makes one reminder family.
 * The first child pays in full, the second gets the rule's `value` %, the third and later
 * its `third_value` %. Players need no link to the rule: the charge's link is the rule.
 * Existing payments count in the order, so running the month again orders it the same way.
 */

/** The shares the generation applies (and the preview counts) for `billed`. */
export async function siblingShares(
  tx: Db | Tx,
  clubId: number,
  billed: readonly BilledPeriod[],
): Promise<SiblingShare[]> {
  if (billed.length === 0) return [];
  const rules = await tx
    .select({
      chargeId: chargeDiscounts.chargeId,
      discountId: discounts.id,
      value: discounts.value,
      thirdValue: discounts.thirdValue,
    })
    .from(chargeDiscounts)
    .innerJoin(discounts, eq(discounts.id, chargeDiscounts.discountId))
    .where(
      and(
        inArray(
          chargeDiscounts.chargeId,
          billed.map((b) => b.chargeId),
        ),
        eq(discounts.clubId, clubId),
        eq(discounts.kind, 'siblings'),
        eq(discounts.status, 'active'),
      ),
    )
    .orderBy(chargeDiscounts.chargeId, discounts.id);
  if (rules.length === 0) return [];

  const chargeIds = [...new Set(rules.map((rule) => rule.chargeId))];
  const billedPlayers = rowsOf<{ charge_id: number; user_id: number; birth_date: string | null }>(
    await tx.execute(siblingCandidatesStatement({ clubId, billed, chargeIds })),
  ).map((row) => ({
    chargeId: Number(row.charge_id),
    userId: Number(row.user_id),
    birthDate: row.birth_date,
  }));
  const playerIds = [...new Set(billedPlayers.map((row) => row.userId))];
  const familyOf = siblingFamilies(playerIds, await guardiansOf(tx, clubId, playerIds));

  const shares: SiblingShare[] = [];
  for (const chargeId of chargeIds) {
    const families = new Map<number, typeof billedPlayers>();
    for (const row of billedPlayers.filter((p) => p.chargeId === chargeId)) {
      const family = familyOf.get(row.userId)!;
      families.set(family, [...(families.get(family) ?? []), row]);
    }
    for (const children of families.values()) {
      if (children.length < 2) continue;
      children.sort(
        (a, b) =>
          (a.birthDate ?? '9999-12-31').localeCompare(b.birthDate ?? '9999-12-31') ||
          a.userId - b.userId,
      );
      for (const rule of rules.filter((r) => r.chargeId === chargeId)) {
        children.forEach((child, index) => {
          const nth = index + 1;
          const percentage = siblingPercentage(
            { value: rule.value, third_value: rule.thirdValue },
            nth,
          );
          if (percentage > 0)
            shares.push({
              chargeId,
              userId: child.userId,
              discountId: rule.discountId,
              percentage,
              reason: siblingReason(nth, percentage),
            });
        });
      }
    }
  }
  return shares;
}

/** A phone on file as its last ten digits ('+57 300 111 2222' and '3001112222' are one). */
const phoneKey = (phone: string | null): string | null => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? `phone:${digits.slice(-10)}` : null;
};
const emailKey = (email: string | null): string | null =>
  email?.trim() ? `email:${email.trim().toLowerCase()}` : null;

/** Who makes `playerIds` siblings: their authorised guardians and the contacts on file. */
async function guardiansOf(
  tx: Db | Tx,
  clubId: number,
  playerIds: readonly number[],
): Promise<GuardianOf[]> {
  if (playerIds.length === 0) return [];
  const accounts = await authorisedGuardiansOf(tx, clubId, playerIds);
  const onFile = await tx
    .select({
      playerId: players.userId,
      email: players.guardianEmail,
      phone: players.guardianPhone,
    })
    .from(players)
    .where(and(eq(players.clubId, clubId), inArray(players.userId, [...playerIds])));
  return [
    ...accounts.flatMap((g) =>
      [g.userId, emailKey(g.email), phoneKey(g.phone)].flatMap((guardian) =>
        guardian === null ? [] : [{ playerId: g.playerId, guardian }],
      ),
    ),
    ...onFile.flatMap((row) =>
      [emailKey(row.email), phoneKey(row.phone)].flatMap((guardian) =>
        guardian === null ? [] : [{ playerId: row.playerId, guardian }],
      ),
    ),
  ];
}
