import { eq, sql } from 'drizzle-orm';
import { PLAN_LIMIT_CODE, planLimitMessages } from '../../../contract/plan-limit.schema';
import type { Plan } from '../../../contract/plans.schema';
import { clubs } from '../../db/schema/clubs';
import { conflictOn } from '../../lib/app-error';
import type { Tx } from '../people/people.service';
import { countActivePlayers, planById, readPlans } from './plans.service';

/*
 * The plan's limit of active players (issue #17). Every write that can add an active
 * player to a club (create, import, reactivation) first takes the club's players lock,
 * a transaction-scoped advisory lock, as the FIRST lock of its transaction (so the order
 * against the document, e-mail and import locks is always the same and cannot deadlock).
 * Two requests at limit − 1 are then serialised: the second counts the first's player.
 */

/** What the club may hold: its plan and, when the plan has a limit, the active count now. */
export interface PlayerRoom {
  plan: Plan;
  /** Active players now; null when the plan has no limit (nothing counted). */
  active: number | null;
}

const refusal = (message: string) => conflictOn(PLAN_LIMIT_CODE, message);

/** True when the refusal may offer Pro (the club is on another plan). */
const upgradable = (plan: Plan) => plan.id !== 'pro';

/**
 * Takes the club's players lock (held until the transaction ends) and reads the club's
 * plan and, when it has a limit, its active players.
 */
export async function lockPlayerRoom(tx: Tx, clubId: number): Promise<PlayerRoom> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`club-players:${clubId}`}))`);
  const [club] = await tx.select({ plan: clubs.plan }).from(clubs).where(eq(clubs.id, clubId));
  const plan = planById(await readPlans(tx), club?.plan ?? 'free');
  return {
    plan,
    active: plan.max_players === null ? null : await countActivePlayers(tx, clubId),
  };
}

/** Refuses (409 `plan_limit`) when one more active player would not fit in `room`. */
export function refuseWhenFull({ plan, active }: PlayerRoom): void {
  if (plan.max_players !== null && active !== null && active + 1 > plan.max_players) {
    throw refusal(planLimitMessages.full(plan.name, plan.max_players, upgradable(plan)));
  }
}

/** Locks the club's players and refuses (409 `plan_limit`) when one more would not fit. */
export async function assertRoomForOne(tx: Tx, clubId: number): Promise<void> {
  refuseWhenFull(await lockPlayerRoom(tx, clubId));
}

/**
 * The club's active players after a write made under `lockPlayerRoom` (`before`), when
 * the write raised them past the plan's limit; null when they still fit or did not grow.
 */
async function grownPastLimit(tx: Tx, clubId: number, { plan, active }: PlayerRoom) {
  if (plan.max_players === null || active === null) return null;
  const after = await countActivePlayers(tx, clubId);
  return after <= plan.max_players || after <= active ? null : after;
}

/**
 * After a write that may give several members a players row (a category's assignment),
 * refuses it whole (409 `plan_limit`; the transaction rolls back) past the limit.
 */
export async function assertStillFits(tx: Tx, clubId: number, before: PlayerRoom) {
  if ((await grownPastLimit(tx, clubId, before)) === null) return;
  const { plan } = before;
  throw refusal(planLimitMessages.full(plan.name, plan.max_players!, upgradable(plan)));
}

/**
 * After an import wrote its rows (under `lockPlayerRoom`, taken before), refuses the whole
 * import (409 `plan_limit`; the transaction rolls back) when it raised the club's active
 * players past the limit. An import that adds none (updates only) passes even over it.
 */
export async function assertImportFits(tx: Tx, clubId: number, before: PlayerRoom) {
  const after = await grownPastLimit(tx, clubId, before);
  if (after === null) return;
  const { plan, active } = before;
  throw refusal(
    planLimitMessages.importTooBig(plan.name, plan.max_players!, upgradable(plan), {
      room: Math.max(0, plan.max_players! - active!),
      after,
    }),
  );
}
