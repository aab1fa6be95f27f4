import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, localDateTimeOf, zonedInstant } from '../../contract/club-time';
import { expandWeekly, occurrencesAt, rruleText } from '../../server/features/sessions/series-plan';

describe('club-time: wall-clock times in a club timezone', () => {
  it('reads 18:00 in Bogotá (UTC-5, no DST) as 23:00 UTC all year', () => {
    for (const date of ['2026-01-15', '2026-03-29', '2026-07-01', '2026-10-25', '2026-12-31']) {
      expect(zonedInstant(date, '18:00', 'America/Bogota').toISOString()).toBe(
        `${date}T23:00:00.000Z`,
      );
    }
    expect(localDateTimeOf(new Date('2026-12-01T04:30:00Z'), 'America/Bogota')).toEqual({
      date: '2026-11-30',
      time: '23:30',
    });
  });

  it('keeps 18:00 local in Madrid across both DST changes', () => {
    expect(zonedInstant('2026-03-28', '18:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-28T17:00:00.000Z',
    );
    expect(zonedInstant('2026-03-30', '18:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-30T16:00:00.000Z',
    );
    expect(zonedInstant('2026-10-26', '18:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-10-26T17:00:00.000Z',
    );
    // A skipped hour moves forward; a repeated one takes its first instant.
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('keeps 19:00 local in Santiago when Chile changes its clocks (September)', () => {
    // Chile moves from UTC-4 to UTC-3 on the first Sunday of September 2026.
    const before = zonedInstant('2026-09-05', '19:00', 'America/Santiago');
    const after = zonedInstant('2026-09-07', '19:00', 'America/Santiago');
    expect(before.toISOString()).toBe('2026-09-05T23:00:00.000Z');
    expect(after.toISOString()).toBe('2026-09-07T22:00:00.000Z');
    expect(localDateTimeOf(after, 'America/Santiago')).toEqual({
      date: '2026-09-07',
      time: '19:00',
    });
  });

  it('counts and adds days across month and year ends', () => {
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(29);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('series-plan: a weekly rule in ISO weekdays', () => {
  it('maps ISO 1 and 3 to Mondays and Wednesdays, from a Sunday, until inclusive', () => {
    const dates = expandWeekly({
      startDate: '2026-11-01',
      weekdays: [1, 3],
      until: '2026-11-30',
      count: null,
    });
    expect(dates).toEqual([
      '2026-11-02',
      '2026-11-04',
      '2026-11-09',
      '2026-11-11',
      '2026-11-16',
      '2026-11-18',
      '2026-11-23',
      '2026-11-25',
      '2026-11-30',
    ]);
    expect(dates.map((date) => new Date(`${date}T12:00:00Z`).getUTCDay())).toEqual(
      dates.map((_, i) => (i % 2 === 0 ? 1 : 3)),
    );
  });

  it('maps ISO 7 to Sunday and stops after count', () => {
    expect(expandWeekly({ startDate: '2026-11-01', weekdays: [7], until: null, count: 3 })).toEqual(
      ['2026-11-01', '2026-11-08', '2026-11-15'],
    );
  });

  it('writes the RFC 5545 rule', () => {
    expect(
      rruleText({ startDate: '2026-11-01', weekdays: [1, 3], until: '2026-12-31', count: null }),
    ).toBe('FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231');
    expect(rruleText({ startDate: '2026-11-01', weekdays: [6, 7], until: null, count: 8 })).toBe(
      'FREQ=WEEKLY;BYDAY=SA,SU;COUNT=8',
    );
  });

  it('refuses an end before the start, too many occurrences, and a rule with none', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as { statusCode: number; errors: unknown[] }).errors;
      }
      return 'accepted';
    };
    expect(
      refusal(() =>
        expandWeekly({ startDate: '2026-11-10', weekdays: [1], until: '2026-11-01', count: null }),
      ),
    ).toEqual([
      { path: 'recurrence.until', message: 'La fecha de fin de la serie es anterior al inicio' },
    ]);
    expect(
      refusal(() =>
        expandWeekly({
          startDate: '2026-01-01',
          weekdays: [1, 2, 3, 4, 5],
          until: '2027-12-01',
          count: null,
        }),
      ),
    ).toEqual([
      {
        path: 'recurrence.until',
        message: 'Una serie no puede pasar de 400 sesiones ni de dos años',
      },
    ]);
    // Tuesday the 3rd to Sunday the 8th has no Monday.
    expect(
      refusal(() =>
        expandWeekly({ startDate: '2026-11-03', weekdays: [1], until: '2026-11-08', count: null }),
      ),
    ).toEqual([
      {
        path: 'recurrence.weekdays',
        message: 'La serie no produce ninguna sesión con esos días y fechas',
      },
    ]);
  });

  it('places each occurrence at the local start time, DST or not', () => {
    const madrid = occurrencesAt(['2026-03-28', '2026-03-30'], '18:00', 90, 'Europe/Madrid');
    expect(madrid.map((o) => [o.startsAt.toISOString(), o.endsAt.toISOString()])).toEqual([
      ['2026-03-28T17:00:00.000Z', '2026-03-28T18:30:00.000Z'],
      ['2026-03-30T16:00:00.000Z', '2026-03-30T17:30:00.000Z'],
    ]);
  });
});
