import type { CalendarOptions } from '@fullcalendar/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionChoices } from '../../contract/session-choices.schema';
import type { Session } from '../../contract/sessions.schema';
import { CalendarScreen } from '../../src/screens/calendar/calendar-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

/*
 * The calendar in the club's timezone (issue #14 follow-up): FullCalendar runs in UTC and
 * is fed the club's wall clock written as UTC; every date it gives back (the visible
 * range, a selected slot, a drop) is read as the club's wall clock and sent as the true
 * instant. happy-dom has no layout, so FullCalendar's pointer selection cannot run here:
 * its component is replaced by one that keeps the options the screen gives it, and the
 * test calls them as FullCalendar would. The rest (screen, form, API) is the real one.
 */

const fullCalendar = vi.hoisted(() => ({ options: null as CalendarOptions | null }));

vi.mock('@fullcalendar/react', () => ({
  default: (options: CalendarOptions) => {
    fullCalendar.options = options;
    return null;
  },
}));

const LIST = '/api/pla_club_teams/1/sessions';

/** 18:00–19:30 in Bogotá on Monday 23 November 2026 (23:00–00:30 UTC). */
const evening: Session = {
  id: 43,
  series_id: null,
  occurrence_date: null,
  category_id: 3,
  category_name: 'Sub-12',
  type: 'training',
  title: 'Entrenamiento nocturno',
  starts_at: '2026-11-23T23:00:00.000Z',
  ends_at: '2026-11-24T00:30:00.000Z',
  location: 'Cancha 2',
  trainer_id: null,
  trainer_name: null,
  notes: null,
  status: 'scheduled',
  cancel_reason: null,
  opponent: null,
  home_away: null,
  competition: null,
  score_ours: null,
  score_theirs: null,
  attendance_closed_at: null,
  recurrence: null,
  can_manage: true,
};

const bogotaChoices: SessionChoices = {
  categories: [{ id: 3, name: 'Sub-12', can_manage: true }],
  can_manage_club_wide: true,
  trainers: [],
  timezone: 'America/Bogota',
};

const server: ServerHandler = (call: ServerCall) => {
  if (call.path === `${LIST}/choices`) return [200, bogotaChoices];
  if (call.path === LIST && call.method === 'GET') return [200, { data: [evening], total: 1 }];
  if (call.path === LIST && call.method === 'POST') {
    return [201, { session: { ...evening, id: 44 }, affected: 1, kept: 0 }];
  }
  if (call.path === `${LIST}/43` && call.method === 'PATCH') {
    return [200, { session: evening, affected: 1, kept: 0 }];
  }
  return [404, { message: `No fake for ${call.method} ${call.path}` }];
};

const renderCalendar = () =>
  renderRoutes('/home/calendar', [{ path: '/home/calendar', element: <CalendarScreen /> }], {
    user: userWithRole('Propietario del Club'),
    api: server,
  });

// The options' callbacks are called as FullCalendar calls them, with the arguments the
// screen reads (the rest of FullCalendar's argument objects is not needed).
type Callback = (arg: unknown) => void;
const call = (callback: unknown, arg: unknown) => act(() => (callback as Callback)(arg));

/**
 * The options the screen gave FullCalendar once it showed the week of Monday 23 November
 * (FullCalendar's dates are the club's wall clock written as UTC) and has its events.
 */
async function calendarOptions(): Promise<CalendarOptions> {
  await waitFor(() => expect(fullCalendar.options).not.toBeNull());
  await call(fullCalendar.options!.datesSet, {
    start: new Date('2026-11-23T00:00:00Z'),
    end: new Date('2026-11-30T00:00:00Z'),
  });
  await waitFor(() => expect(fullCalendar.options?.events).toHaveLength(1));
  return fullCalendar.options!;
}

describe("the calendar in the club's timezone", () => {
  beforeEach(() => {
    fullCalendar.options = null;
  });

  it("draws sessions at the club's wall clock on a grid in UTC", async () => {
    renderCalendar();
    const options = await calendarOptions();

    expect(options.timeZone).toBe('UTC');
    expect(options.events).toMatchObject([
      { id: '43', start: '2026-11-23T18:00:00Z', end: '2026-11-23T19:30:00Z' },
    ]);
  });

  it("asks for the visible days from the club's midnight", async () => {
    const { calls } = renderCalendar();
    await calendarOptions();

    const lists = calls.filter(({ method, path }) => method === 'GET' && path === LIST);
    expect(lists.map(({ query }) => [query.from, query.to])).toEqual([
      ['2026-11-23T00:00:00-05:00', '2026-11-30T00:00:00-05:00'],
    ]);
  });

  it('creates a session on a slot selected at 18:00 at 18:00 in Bogotá', async () => {
    const { calls } = renderCalendar();
    const options = await calendarOptions();
    const u = userEvent.setup();

    await call(options.select, {
      start: new Date('2026-11-26T18:00:00Z'),
      end: new Date('2026-11-26T19:30:00Z'),
      view: { calendar: { unselect: () => {} } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Nueva sesión' });
    await u.type(within(dialog).getByLabelText(/^Título/), 'Entreno del jueves');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(calls.find(({ method }) => method === 'POST')).toBeDefined());
    expect(calls.find(({ method }) => method === 'POST')!.body).toMatchObject({
      title: 'Entreno del jueves',
      starts_at: '2026-11-26T18:00:00-05:00',
      ends_at: '2026-11-26T19:30:00-05:00',
    });
  });

  it('moves a dropped session to the club time it was dropped on', async () => {
    const { calls } = renderCalendar();
    const options = await calendarOptions();

    await call(options.eventDrop, {
      event: {
        start: new Date('2026-11-27T07:00:00Z'),
        end: new Date('2026-11-27T08:30:00Z'),
        extendedProps: { session: evening },
      },
      revert: () => {},
    });

    await waitFor(() =>
      expect(calls.find(({ method }) => method === 'PATCH')?.body).toEqual({
        scope: 'this',
        starts_at: '2026-11-27T07:00:00-05:00',
        ends_at: '2026-11-27T08:30:00-05:00',
      }),
    );
  });
});
