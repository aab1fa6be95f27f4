import { z } from 'zod';

/**
 * `GET …/discounts/{discountId}/players`: the club's current players who hold the
 * discount, by last name (what the assign dialog starts from).
 */
export const discountHoldersResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), lastname: z.string() })),
});
export type DiscountHolder = z.infer<typeof discountHoldersResponseSchema>['data'][number];
