import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  timeAgo,
} from '../../contract/notifications.schema';
import { notificationPriorities, notificationTypes } from '../../server/db/schema/notifications';

const NOW = new Date('2026-03-10T15:00:00Z');
const before = (ms: number) => new Date(NOW.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeAgo (the centre relative time, es-CO)', () => {
  it.each([
    [0, 'Hace un momento'],
    [59 * SECOND, 'Hace un momento'],
    [MINUTE, 'Hace 1 min'],
    [59 * MINUTE + 59 * SECOND, 'Hace 59 min'],
    [HOUR, 'Hace 1h'],
    [23 * HOUR + 59 * MINUTE, 'Hace 23h'],
    [DAY, 'Hace 1d'],
    [7 * DAY - SECOND, 'Hace 6d'],
    [7 * DAY, '03/03/2026'],
    [400 * DAY, '03/02/2025'],
  ])('%d ms ago reads %s', (ms, expected) => {
    expect(timeAgo(before(ms), NOW)).toBe(expected);
  });

  it('reads a creation slightly in the future (clock skew) as just now', () => {
    expect(timeAgo(new Date(NOW.getTime() + 5 * SECOND), NOW)).toBe('Hace un momento');
  });

  it("writes the date in the given time zone (Bogotá's day by default)", () => {
    const lateEvening = new Date('2026-03-01T03:00:00Z'); // Feb 28, 22:00 in Bogotá
    expect(timeAgo(lateEvening, NOW)).toBe('28/02/2026');
    expect(timeAgo(lateEvening, NOW, 'UTC')).toBe('01/03/2026');
  });

  it('names the same types and priorities as the table checks', () => {
    expect([...NOTIFICATION_TYPES]).toEqual([...notificationTypes]);
    expect([...NOTIFICATION_PRIORITIES]).toEqual([...notificationPriorities]);
  });
});
