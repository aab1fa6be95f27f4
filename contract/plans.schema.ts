import { z } from 'zod';
import { clubIdParamsSchema } from './common.schema';
import { planIds } from './plans.defaults';

export { DEFAULT_PLANS, planIds, planNames, type PlanId, type PlanInfo } from './plans.defaults';

/*
 * The platform's plans (issue #17): GET /api/plans (public) and a club's subscription,
 * GET /api/pla_club_teams/{id}/subscription. The super admin's panel stores the plans as
 * platform_settings 'plans', a JSON array that `plansSettingSchema` accepts.
 */

export const planIdSchema = z.enum(planIds);

/** One plan (see PlanInfo in plans.defaults.ts). */
export const planSchema = z.object({
  id: planIdSchema,
  name: z.string().min(1).max(40),
  price: z.string().min(1).max(40),
  description: z.string().max(300),
  features: z.array(z.string().min(1).max(200)).max(20),
  max_players: z.int().positive().nullable(),
  available: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

/** platform_settings 'plans': each plan once, Gratis first. */
export const plansSettingSchema = z
  .array(planSchema)
  .min(1)
  .refine((plans) => new Set(plans.map((plan) => plan.id)).size === plans.length, {
    message: 'Cada plan aparece una sola vez',
  });

export const plansResponseSchema = z.object({ data: z.array(planSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

export const subscriptionParamsSchema = clubIdParamsSchema;

/** A club's plan, what it includes and how much of it the club uses. */
export const subscriptionSchema = z.object({
  club_id: z.int(),
  club_name: z.string(),
  plan: planSchema,
  usage: z.object({
    /** Active players of the club. */
    players: z.int().nonnegative(),
    /** People holding at least one role in the club. */
    members: z.int().nonnegative(),
  }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponseSchema = z.object({ data: subscriptionSchema });
