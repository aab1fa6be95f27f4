import { describe, expect, it } from 'vitest';
import {
  discountCreateSchema,
  discountedAmount,
  discountMessages,
  discountValueProblem,
} from '../../contract/discounts.schema';

const percent = (value: number) => ({ kind: 'percentage' as const, value });
const fixed = (value: number) => ({ kind: 'fixed' as const, value });

describe('discountedAmount: base − fixed − percentages of the base, never below 0', () => {
  it('leaves the base as it is without discounts', () => {
    expect(discountedAmount(120_000, [])).toEqual({ discount: 0, due: 120_000 });
  });

  it('bills 0 on a base of 0, whatever the discounts', () => {
    expect(discountedAmount(0, [percent(15), fixed(5_000)])).toEqual({ discount: 0, due: 0 });
  });

  it('takes everything with 100 % (a scholarship owes 0, not nothing)', () => {
    expect(discountedAmount(120_000, [percent(100)])).toEqual({ discount: 120_000, due: 0 });
  });

  it('stops at 0 when a fixed amount is larger than the base', () => {
    expect(discountedAmount(30_000, [fixed(50_000)])).toEqual({ discount: 30_000, due: 0 });
  });

  it('rounds each percentage down to whole minor units', () => {
    // 15 % of 99.999 = 14.999,85 → 14.999; 10 % of it = 9.999,9 → 9.999.
    expect(discountedAmount(99_999, [percent(15)])).toEqual({ discount: 14_999, due: 85_000 });
    expect(discountedAmount(99_999, [percent(15), percent(10)])).toEqual({
      discount: 24_998,
      due: 75_001,
    });
  });

  it('adds several at once, each percentage of the base (not of what is left)', () => {
    expect(
      discountedAmount(100_000, [percent(15), fixed(10_000), percent(10), fixed(5_000)]),
    ).toEqual({ discount: 40_000, due: 60_000 });
    expect(discountedAmount(100_000, [percent(60), percent(60)])).toEqual({
      discount: 100_000,
      due: 0,
    });
  });
});

describe('a discount value fits its kind', () => {
  it('takes a percentage from 1 to 100 and a positive whole amount', () => {
    for (const value of [1, 15, 100])
      expect(discountValueProblem('percentage', value)).toBeUndefined();
    for (const value of [0, 101, 12.5, -1])
      expect(discountValueProblem('percentage', value)).toBe(discountMessages.percentageRange);
    expect(discountValueProblem('fixed', 250_000)).toBeUndefined();
    for (const value of [0, -5, 10.5]) expect(discountValueProblem('fixed', value)).toBeDefined();
  });

  it('refuses a create whose value does not fit, on value', () => {
    const parsed = discountCreateSchema.safeParse({ name: 'Beca', kind: 'percentage', value: 150 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['value', discountMessages.percentageRange],
    ]);
    expect(discountCreateSchema.parse({ name: ' Beca ', kind: 'fixed', value: 50_000 })).toEqual({
      name: 'Beca',
      kind: 'fixed',
      value: 50_000,
      status: 'active',
    });
  });
});
