import { describe, expect, it } from 'vitest';
import {
  type ChargeTerms,
  addMonths,
  currentMonth,
  dayOfMonth,
  parseMonth,
  periodFor,
} from '../../server/features/payment-generation/periods';

const monthly: ChargeTerms = {
  months: 1,
  validFrom: '2026-01-31',
  validUntil: null,
  dueDay: 31,
  dueDate: null,
};
const month = (text: string) => parseMonth(text)!;

describe('payment periods: month arithmetic from the first of the month', () => {
  it('bills a charge starting on January 31 every month, February included', () => {
    const periods = ['2026-01', '2026-02', '2026-03', '2026-04'].map((m) =>
      periodFor(monthly, month(m)),
    );
    expect(periods).toEqual([
      {
        period: '2026-01-01',
        coversFrom: '2026-01-01',
        coversTo: '2026-01-31',
        dueDate: '2026-01-31',
      },
      {
        period: '2026-02-01',
        coversFrom: '2026-02-01',
        coversTo: '2026-02-28',
        dueDate: '2026-02-28',
      },
      {
        period: '2026-03-01',
        coversFrom: '2026-03-01',
        coversTo: '2026-03-31',
        dueDate: '2026-03-31',
      },
      {
        period: '2026-04-01',
        coversFrom: '2026-04-01',
        coversTo: '2026-04-30',
        dueDate: '2026-04-30',
      },
    ]);
    expect(periodFor(monthly, month('2025-12'))).toBeUndefined();
  });

  it('clamps a due day of 29..31 to February 28, or 29 in a leap year', () => {
    expect(periodFor({ ...monthly, validFrom: '2027-01-01' }, month('2027-02'))?.dueDate).toBe(
      '2027-02-28',
    );
    expect(periodFor({ ...monthly, validFrom: '2028-01-01' }, month('2028-02'))).toEqual({
      period: '2028-02-01',
      coversFrom: '2028-02-01',
      coversTo: '2028-02-29',
      dueDate: '2028-02-29',
    });
    expect(periodFor({ ...monthly, dueDay: 29 }, month('2026-02'))?.dueDate).toBe('2026-02-28');
    expect(periodFor({ ...monthly, dueDay: 5 }, month('2026-02'))?.dueDate).toBe('2026-02-05');
    expect(dayOfMonth(month('2100-02'), 29)).toBe('2100-02-28'); // not a leap year
    expect(dayOfMonth(month('2000-02'), 30)).toBe('2000-02-29'); // a leap year
  });

  it('bills a quarterly charge from March in March, June, September and December', () => {
    const quarterly = { ...monthly, months: 3, validFrom: '2026-03-15', dueDay: 10 };
    const billed = Array.from({ length: 15 }, (_, i) => addMonths(month('2026-01'), i))
      .map((m) => periodFor(quarterly, m))
      .filter((p) => p !== undefined);
    expect(billed).toEqual([
      {
        period: '2026-03-01',
        coversFrom: '2026-03-01',
        coversTo: '2026-05-31',
        dueDate: '2026-03-10',
      },
      {
        period: '2026-06-01',
        coversFrom: '2026-06-01',
        coversTo: '2026-08-31',
        dueDate: '2026-06-10',
      },
      {
        period: '2026-09-01',
        coversFrom: '2026-09-01',
        coversTo: '2026-11-30',
        dueDate: '2026-09-10',
      },
      {
        period: '2026-12-01',
        coversFrom: '2026-12-01',
        coversTo: '2027-02-28',
        dueDate: '2026-12-10',
      },
      {
        period: '2027-03-01',
        coversFrom: '2027-03-01',
        coversTo: '2027-05-31',
        dueDate: '2027-03-10',
      },
    ]);
  });

  it('stops after valid_until (a period whose first day is after it)', () => {
    const until = { ...monthly, validUntil: '2026-06-15' };
    expect(periodFor(until, month('2026-06'))?.period).toBe('2026-06-01');
    expect(periodFor(until, month('2026-07'))).toBeUndefined();
    const endsMayLast = { ...monthly, validUntil: '2026-05-31' };
    expect(periodFor(endsMayLast, month('2026-06'))).toBeUndefined();
    const annual = { ...monthly, months: 12, validFrom: '2026-02-01', validUntil: '2027-02-01' };
    expect(periodFor(annual, month('2027-02'))).toEqual({
      period: '2027-02-01',
      coversFrom: '2027-02-01',
      coversTo: '2028-01-31',
      dueDate: '2027-02-28',
    });
    expect(periodFor(annual, month('2028-02'))).toBeUndefined();
  });

  it('bills a one-off charge in its month and in any later run (catch-up), never before', () => {
    const uniform: ChargeTerms = {
      months: null,
      validFrom: '2026-03-20',
      validUntil: null,
      dueDay: null,
      dueDate: '2026-04-10',
    };
    const expected = {
      period: '2026-03-01',
      coversFrom: '2026-03-01',
      coversTo: '2026-03-31',
      dueDate: '2026-04-10',
    };
    expect(periodFor(uniform, month('2026-02'))).toBeUndefined();
    expect(periodFor(uniform, month('2026-03'))).toEqual(expected);
    expect(periodFor(uniform, month('2026-07'))).toEqual(expected);
    expect(periodFor(uniform, month('2027-01'))).toEqual(expected);
  });

  it('reads periods and the current month in the club timezone', () => {
    expect(parseMonth('2026-13')).toBeUndefined();
    expect(parseMonth('2026-1')).toBeUndefined();
    expect(addMonths(month('2026-11'), 3)).toEqual({ year: 2027, month: 2 });
    expect(addMonths(month('2026-01'), -1)).toEqual({ year: 2025, month: 12 });
    // 03:00 UTC on March 1 is still February 28 in Bogotá (UTC−5).
    const now = new Date('2026-03-01T03:00:00Z');
    expect(currentMonth(now, 'America/Bogota')).toEqual({ year: 2026, month: 2 });
    expect(currentMonth(now, 'UTC')).toEqual({ year: 2026, month: 3 });
  });
});
