import { and, countDistinct, eq, count } from 'drizzle-orm';
import { clubMessages } from '../../../contract/clubs.schema';
import {
  DEFAULT_PLANS,
  type Plan,
  type PlanId,
  type Subscription,
  plansSettingSchema,
} from '../../../contract/plans.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { platformSettings } from '../../db/schema/platform';
import { players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';

/** The platform_settings key the super admin's panel stores the plans under. */
export const PLANS_SETTING_KEY = 'plans';

const defaultPlan = (id: PlanId): Plan => {
  const plan = DEFAULT_PLANS.find((each) => each.id === id);
  if (!plan) throw new Error(`No default plan ${id}`);
  return { ...plan, features: [...plan.features] };
};

/** A database or a transaction: the plan limit reads these inside the players' writes. */
type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** platform_settings 'plans' when it holds a valid list, else the code's defaults. */
export async function readPlans(db: DbOrTx): Promise<Plan[]> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, PLANS_SETTING_KEY));
  // A malformed setting must not break the public pricing page: the defaults answer.
  const stored = row ? plansSettingSchema.safeParse(row.value) : undefined;
  return stored?.success ? stored.data : DEFAULT_PLANS.map((plan) => defaultPlan(plan.id));
}

/** The plan `id` of `plans`, else its default. */
export const planById = (plans: Plan[], id: PlanId): Plan =>
  plans.find((plan) => plan.id === id) ?? defaultPlan(id);

/** The club's active players: the one count the subscription page and the plan limit use. */
export async function countActivePlayers(db: DbOrTx, clubId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(players)
    .where(and(eq(players.clubId, clubId), eq(players.status, 'active')));
  return Number(row?.n ?? 0);
}

/**
 * The platform's plans (issue #17): platform_settings 'plans' when it holds a valid list,
 * else the defaults of the code (contract/plans.defaults.ts); and a club's subscription.
 */
export function createPlansService({ db }: { db: Db }) {
  return {
    list: () => readPlans(db),

    /** Club `clubId`'s plan, what it includes and its active players and members. */
    async subscription(clubId: number): Promise<Subscription> {
      const [club] = await db
        .select({ id: clubs.id, name: clubs.name, plan: clubs.plan })
        .from(clubs)
        .where(eq(clubs.id, clubId));
      if (!club) throw new AppError(404, clubMessages.notFound);
      const [plans, playerCount, [memberCount]] = await Promise.all([
        readPlans(db),
        countActivePlayers(db, clubId),
        db
          .select({ n: countDistinct(clubMemberships.userId) })
          .from(clubMemberships)
          .where(eq(clubMemberships.clubId, clubId)),
      ]);
      return {
        club_id: club.id,
        club_name: club.name,
        plan: planById(plans, club.plan),
        usage: { players: playerCount, members: Number(memberCount?.n ?? 0) },
      };
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
