import { queryOptions } from '@tanstack/react-query';
import {
  type Plan,
  type Subscription,
  plansResponseSchema,
  subscriptionResponseSchema,
} from '../../contract/plans.schema';
import { authClient, cookieClient, describeFailures } from './http';
import { clubKey } from './query-keys';

/*
 * The platform's plans and a club's subscription (issue #17). Answers are parsed with the
 * contract; every failure is a RequestError.
 */

/** `GET /api/plans` (public): the plans the pricing page offers. */
export const listPlans = (): Promise<Plan[]> =>
  describeFailures(async () => plansResponseSchema.parse(await cookieClient('/plans')).data);

/** The plans, cached for the visit: they change when the super admin edits them. */
export const plansQuery = queryOptions({
  queryKey: ['plans'] as const,
  queryFn: listPlans,
  staleTime: 10 * 60_000,
});

/** `GET /api/pla_club_teams/{id}/subscription`: the club's plan and usage (club.view). */
export const getSubscription = (clubId: number): Promise<Subscription> =>
  describeFailures(
    async () =>
      subscriptionResponseSchema.parse(await authClient(`/pla_club_teams/${clubId}/subscription`))
        .data,
  );

/** The selected club's subscription; pass `enabled: false` when the user may not see it. */
export const subscriptionQuery = (clubId: number) =>
  queryOptions({
    queryKey: clubKey(clubId, 'subscription'),
    queryFn: () => getSubscription(clubId),
  });
