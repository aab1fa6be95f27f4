/*
 * A sibling rule (a discount of kind 'siblings', issue #34 item 2): what it takes off each
 * child of a family and how the payment explains it. The server's generation applies it
 * (server/features/payment-generation/sibling-shares.ts).
 */

/** The percentage a sibling rule takes off the `nth` child of a family (1 = the first). */
export function siblingPercentage(
  rule: { value: number; third_value: number | null },
  nth: number,
): number {
  if (nth <= 1) return 0;
  return nth === 2 ? rule.value : (rule.third_value ?? rule.value);
}

/** Why a sibling rule applied: '2.º hijo: 15 %'. */
export const siblingReason = (nth: number, percentage: number) => `${nth}.º hijo: ${percentage} %`;
