import { z } from 'zod';

/*
 * A payment as a family sees it on the parent and player dashboards (issue #15; the
 * rejected status and its reason, issue #34): what is still due, by when, and where it is.
 */

/** 'overdue' is a pending one past its due date on the club's today. */
export const familyPaymentStatuses = ['pending', 'overdue', 'in_review', 'rejected'] as const;
export type FamilyPaymentStatus = (typeof familyPaymentStatuses)[number];

export const paymentDueSchema = z.object({
  id: z.number().int(),
  period: z.string(),
  concept: z.string(),
  /** What is still due on it (amount due − amount paid): the most a proof may send. */
  amount_due: z.number(),
  due_date: z.string(),
  /** 'rejected': the club rejected the last proof (`reason` says why); a new one may be sent. */
  status: z.enum(familyPaymentStatuses),
  /** Why the last proof was rejected; null unless rejected. */
  reason: z.string().nullable(),
});
