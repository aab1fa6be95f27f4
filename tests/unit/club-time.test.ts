import { describe, expect, it } from 'vitest';
import { fromCalendarTime, instantOf, toCalendarTime, wallClockOf } from '../../contract/club-time';

/*
 * The calendar's club time (issue #14): the club's wall clock whatever the browser's
 * zone, in Bogotá (no DST, UTC-5) and Madrid (CET/CEST, changes on the last Sundays of
 * March and October).
 */

describe('club time', () => {
  it("reads an instant as the club's wall clock", () => {
    expect(wallClockOf('2026-11-23T23:00:00Z', 'America/Bogota')).toBe('2026-11-23T18:00');
    // After midnight UTC it is still the evening before in Bogotá.
    expect(wallClockOf('2026-11-24T03:30:00Z', 'America/Bogota')).toBe('2026-11-23T22:30');
    expect(wallClockOf('2026-07-01T16:00:00Z', 'Europe/Madrid')).toBe('2026-07-01T18:00');
    expect(wallClockOf('2026-12-01T17:00:00Z', 'Europe/Madrid')).toBe('2026-12-01T18:00');
  });

  it("writes the club's wall clock as the instant with the club's offset", () => {
    expect(instantOf('2026-11-23T18:00', 'America/Bogota')).toBe('2026-11-23T18:00:00-05:00');
    expect(instantOf('2026-07-01T18:00', 'Europe/Madrid')).toBe('2026-07-01T18:00:00+02:00');
    expect(instantOf('2026-12-01T18:00', 'Europe/Madrid')).toBe('2026-12-01T18:00:00+01:00');
  });

  it('keeps 18:00 on both sides of a daylight-saving change', () => {
    // Madrid moves its clocks forward on 29 March 2026 and back on 25 October 2026.
    expect(instantOf('2026-03-28T18:00', 'Europe/Madrid')).toBe('2026-03-28T18:00:00+01:00');
    expect(instantOf('2026-03-29T18:00', 'Europe/Madrid')).toBe('2026-03-29T18:00:00+02:00');
    expect(instantOf('2026-10-24T18:00', 'Europe/Madrid')).toBe('2026-10-24T18:00:00+02:00');
    expect(instantOf('2026-10-25T18:00', 'Europe/Madrid')).toBe('2026-10-25T18:00:00+01:00');
  });

  it('gives the first of a repeated hour and the landing of a skipped one', () => {
    expect(instantOf('2026-10-25T02:30', 'Europe/Madrid')).toBe('2026-10-25T02:30:00+02:00');
    expect(instantOf('2026-03-29T02:30', 'Europe/Madrid')).toBe('2026-03-29T03:30:00+02:00');
  });

  it('round-trips through the calendar grid written as UTC', () => {
    expect(toCalendarTime('2026-11-23T23:00:00.000Z', 'America/Bogota')).toBe(
      '2026-11-23T18:00:00Z',
    );
    expect(fromCalendarTime(new Date('2026-11-23T18:00:00Z'), 'America/Bogota')).toBe(
      '2026-11-23T18:00:00-05:00',
    );
    // A visible day starts at the club's midnight.
    expect(fromCalendarTime(new Date('2026-11-23T00:00:00Z'), 'Europe/Madrid')).toBe(
      '2026-11-23T00:00:00+01:00',
    );
  });
});
