import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  formatInstantDay,
  formatTime,
} from '../../contract/dates.format';

const BOGOTA = 'America/Bogota';

describe('the one date formatter', () => {
  it('writes a day as dd/mm/aaaa', () => {
    expect(formatDay('2026-12-06')).toBe('06/12/2026');
    expect(formatDay('2026-01-31')).toBe('31/01/2026');
  });

  it("writes an instant as the club's wall clock, 24 hours, not UTC", () => {
    // 03:30 UTC is 22:30 of the day before in Bogotá (UTC-5).
    expect(formatDateTime('2026-12-07T03:30:00Z', BOGOTA)).toBe('06/12/2026 22:30');
    expect(formatTime('2026-12-07T03:30:00Z', BOGOTA)).toBe('22:30');
    expect(formatInstantDay('2026-12-07T03:30:00Z', BOGOTA)).toBe('06/12/2026');
    expect(formatDateTime(new Date('2026-12-06T23:05:00Z'), BOGOTA)).toBe('06/12/2026 18:05');
  });

  it('follows the zone it is given, with its daylight saving time', () => {
    expect(formatDateTime('2026-07-01T12:00:00Z', 'Europe/Madrid')).toBe('01/07/2026 14:00');
    expect(formatDateTime('2026-01-01T12:00:00Z', 'Europe/Madrid')).toBe('01/01/2026 13:00');
    expect(formatTime('2026-12-07T00:00:00Z', 'UTC')).toBe('00:00');
  });
});
