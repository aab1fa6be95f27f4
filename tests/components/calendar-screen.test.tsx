import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionChoices } from '../../contract/session-choices.schema';
import { sessionMessages, sessionScopeLabels, type Session } from '../../contract/sessions.schema';
import { AuthContext } from '../../src/app/auth-context';
import { selectSelectedClubId } from '../../src/machines/auth.selectors';
import { CalendarScreen, TrainingsScreen } from '../../src/screens/calendar/calendar-screen';
import { SessionScopeDialog } from '../../src/screens/sessions/session-scope-dialog';
import { useCalendarMove } from '../../src/screens/calendar/use-calendar-move';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/**
 * The club's today (Bogotá, UTC−5 all year) plus `days`, at `hour`:`minute` there, as an ISO
 * instant: the calendar opens on the club's week, which on a Sunday evening in Bogotá is not
 * the UTC one.
 */
const BOGOTA_OFFSET_MS = -5 * 3600_000;
const at = (days: number, hour: number, minute = 0) => {
  const clubToday = new Date(Date.now() + BOGOTA_OFFSET_MS);
  const wall = Date.UTC(
    clubToday.getUTCFullYear(),
    clubToday.getUTCMonth(),
    clubToday.getUTCDate() + days,
    hour,
    minute,
  );
  return new Date(wall - BOGOTA_OFFSET_MS).toISOString();
};

const session = (id: number, title: string, overrides: Partial<Session> = {}): Session => ({
  id,
  series_id: null,
  occurrence_date: null,
  category_id: 3,
  category_name: 'Sub-12',
  type: 'training',
  title,
  starts_at: at(0, 18),
  ends_at: at(0, 19, 30),
  location: 'Cancha 2',
  trainer_id: 5,
  trainer_name: 'Ana Gómez',
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
  ...overrides,
});

const training = session(40, 'Entrenamiento Sub-12', {
  series_id: 9,
  occurrence_date: at(0, 18).slice(0, 10),
  recurrence: { weekdays: [1, 3], until: '2026-12-15', count: null },
});
const match = session(41, 'Partido contra Halcones', {
  type: 'match',
  category_id: 4,
  category_name: 'Sub-14',
  starts_at: at(1, 10),
  ends_at: at(1, 12),
  opponent: 'Halcones FC',
  home_away: 'home',
});
const meeting = session(42, 'Reunión de padres', {
  type: 'meeting',
  category_id: null,
  category_name: null,
  starts_at: at(1, 19),
  ends_at: at(1, 20),
  status: 'cancelled',
  cancel_reason: 'Lluvia',
});
const all = [training, match, meeting];

const LIST = '/api/pla_club_teams/1/sessions';
const CHOICES = `${LIST}/choices`;

/** What the server offers an owner: every category, 'Todo el club' and the trainers. */
const ownerChoices: SessionChoices = {
  categories: [
    { id: 3, name: 'Sub-12', can_manage: true },
    { id: 4, name: 'Sub-14', can_manage: true },
  ],
  can_manage_club_wide: true,
  trainers: [{ id: 5, name: 'Ana Gómez' }],
  timezone: 'America/Bogota',
};

function clubServer(
  sessions: Session[] = all,
  extra?: (call: ServerCall) => [number, unknown] | undefined,
  choices: SessionChoices = ownerChoices,
): ServerHandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === LIST && call.method === 'GET') {
      return [200, { data: sessions, total: sessions.length }];
    }
    if (call.path === CHOICES && call.method === 'GET') return [200, choices];
    const one = /^\/api\/pla_club_teams\/1\/sessions\/(\d+)$/.exec(call.path);
    if (one && call.method === 'GET') {
      const found = sessions.find(({ id }) => id === Number(one[1]));
      return found ? [200, found] : [404, { message: sessionMessages.notFound }];
    }
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const owner = () => userWithRole('Propietario del Club');
const renderCalendar = (api: ServerHandler, user = owner(), path = '/home/calendar') =>
  renderRoutes(
    path,
    [
      { path: '/home/calendar', element: <CalendarScreen /> },
      { path: '/home/trainings', element: <TrainingsScreen /> },
    ],
    { user, api },
  );

const listCalls = (calls: ServerCall[]) =>
  calls.filter(({ path, method }) => method === 'GET' && path === LIST);

describe('calendar screen', () => {
  it('asks the server for the visible range and shows its sessions', async () => {
    const { calls } = renderCalendar(clubServer());

    expect(await screen.findByText('Entrenamiento Sub-12')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
    expect(screen.getByText('Partido contra Halcones')).toBeVisible();
    expect(screen.getByText('Reunión de padres (cancelada)')).toBeVisible();
    const query = listCalls(calls)[0]!.query;
    expect(query.pageSize).toBe('500');
    // The month view asks from the Monday before the 1st to the week after the last day.
    const from = new Date(query.from!);
    const to = new Date(query.to!);
    expect(from.getDay()).toBe(1);
    expect(from.getTime()).toBeLessThanOrEqual(Date.parse(training.starts_at));
    expect(to.getTime()).toBeGreaterThan(Date.parse(match.starts_at));
    // The visible days start at the club's midnight (Bogotá), whatever the browser's zone.
    expect(query.from).toMatch(/T00:00:00-05:00$/);
    expect(query.to).toMatch(/T00:00:00-05:00$/);
  });

  it("shows a session's time as the club's wall clock, whatever the browser's zone", async () => {
    // 23:00 UTC is 18:00 in Bogotá, on the Monday before (the end is past UTC midnight).
    const evening = session(43, 'Entrenamiento nocturno', {
      starts_at: '2026-11-23T23:00:00.000Z',
      ends_at: '2026-11-24T00:30:00.000Z',
    });
    renderCalendar(clubServer([evening]), owner(), '/home/calendar?session=43');

    const panel = await screen.findByRole('region', { name: 'Entrenamiento nocturno' });
    expect(
      await within(panel).findByText(/^lunes, 23 de noviembre de 2026 · 18:00 – 19:30$/),
    ).toBeVisible();
  });

  it('shows nothing of the grid until the club’s timezone is known', async () => {
    const { calls } = renderCalendar(
      clubServer(all, ({ path }) =>
        path === CHOICES ? [500, { message: 'Error del servidor' }] : undefined,
      ),
    );

    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeVisible();
    expect(document.querySelector('.fc')).toBeNull();
    expect(screen.queryByText('Entrenamiento Sub-12')).toBeNull();
    expect(listCalls(calls)).toEqual([]);
  });

  it('shows the agenda on a phone', async () => {
    windowWidth(390);
    const { calls } = renderCalendar(clubServer());

    expect(await screen.findByText('Entrenamiento Sub-12')).toBeVisible();
    expect(document.querySelector('.fc-listWeek-view')).not.toBeNull();
    const { from, to } = listCalls(calls)[0]!.query;
    expect(Date.parse(to!) - Date.parse(from!)).toBeLessThanOrEqual(
      7 * 24 * 3600 * 1000 + 3600_000,
    );
  });

  it('sends the category and type filters to the server', async () => {
    const { calls } = renderCalendar(clubServer());
    const u = userEvent.setup();
    await screen.findByText('Entrenamiento Sub-12');

    const categories = screen.getByRole('group', { name: 'Categorías:' });
    await u.click(within(categories).getByRole('button', { name: 'Sub-14' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.category_ids).toBe('4'));
    await u.click(within(categories).getByRole('button', { name: 'Sub-12' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.category_ids).toBe('4,3'));
    const types = screen.getByRole('group', { name: 'Tipos:' });
    await u.click(within(types).getByRole('button', { name: 'Partido' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.query).toMatchObject({ category_ids: '4,3', types: 'match' }),
    );
    expect(within(types).getByRole('button', { name: 'Partido' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('the trainings page asks for trainings only, without a type filter', async () => {
    const { calls } = renderCalendar(clubServer([training]), owner(), '/home/trainings');

    expect(await screen.findByText('Entrenamiento Sub-12')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Entrenamientos' })).toBeVisible();
    expect(listCalls(calls)[0]!.query.types).toBe('training');
    expect(screen.queryByRole('group', { name: 'Tipos:' })).toBeNull();
  });

  it('opens the side panel of a session with its details and a manager’s actions', async () => {
    const { router } = renderCalendar(clubServer());
    const u = userEvent.setup();

    await u.click(await screen.findByText('Entrenamiento Sub-12'));
    const panel = await screen.findByRole('region', { name: 'Entrenamiento Sub-12' });
    expect(router.state.location.search).toBe('?session=40');
    expect(within(panel).getByText('Programada')).toBeVisible();
    expect(within(panel).getByText('Sub-12')).toBeVisible();
    expect(within(panel).getByText('Cancha 2')).toBeVisible();
    expect(within(panel).getByText('Ana Gómez')).toBeVisible();
    expect(within(panel).getByText('Cada lunes y miércoles hasta el 15/12/2026')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Tomar asistencia' })).toHaveAttribute(
      'href',
      '/home/attendance/40',
    );
    expect(within(panel).getByRole('button', { name: 'Editar' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Cancelar sesión' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Eliminar' })).toBeVisible();
    // A training has no result to record.
    expect(within(panel).queryByRole('button', { name: 'Registrar resultado' })).toBeNull();

    await u.click(within(panel).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the panel from ?session= (a notification’s link)', async () => {
    renderCalendar(clubServer(), owner(), '/home/calendar?session=41');

    const panel = await screen.findByRole('region', { name: 'Partido contra Halcones' });
    expect(within(panel).getByText('Halcones FC')).toBeVisible();
    expect(within(panel).getByText('Local')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Registrar resultado' })).toBeVisible();
  });

  it('shows a player the session without actions and no way to create', async () => {
    const readOnly = all.map((each) => ({ ...each, can_manage: false }));
    renderCalendar(clubServer(readOnly), userWithRole('Jugador'), '/home/calendar?session=40');

    const panel = await screen.findByRole('region', { name: 'Entrenamiento Sub-12' });
    expect(within(panel).getByText('Cancha 2')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Tomar asistencia' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nueva sesión' })).toBeNull();
  });

  it('cancels a series occurrence with its scope and reason', async () => {
    const { calls } = renderCalendar(
      clubServer(all, ({ method, path }) =>
        method === 'POST' && path === `${LIST}/40/cancel`
          ? [200, { session: { ...training, status: 'cancelled' }, affected: 4, kept: 1 }]
          : undefined,
      ),
      owner(),
      '/home/calendar?session=40',
    );
    const u = userEvent.setup();

    const panel = await screen.findByRole('region', { name: 'Entrenamiento Sub-12' });
    await u.click(within(panel).getByRole('button', { name: 'Cancelar sesión' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar Entrenamiento Sub-12?' });
    await u.click(within(dialog).getByRole('radio', { name: sessionScopeLabels.following }));
    await u.type(within(dialog).getByLabelText('Motivo'), 'Cancha en obras');
    await u.click(within(dialog).getByRole('button', { name: 'Cancelar sesión' }));

    expect(
      await screen.findByText('4 sesiones canceladas; 1 sesión con asistencia no se tocaron'),
    ).toBeVisible();
    expect(calls).toContainEqual({
      method: 'POST',
      path: `${LIST}/40/cancel`,
      query: {},
      body: { scope: 'following', reason: 'Cancha en obras' },
    });
  });

  it('edits a single session: the form starts from it and sends its fields', async () => {
    const { calls } = renderCalendar(
      clubServer(all, ({ method, path, body }) =>
        method === 'PATCH' && path === `${LIST}/41`
          ? [200, { session: { ...match, ...(body as object) }, affected: 1, kept: 0 }]
          : undefined,
      ),
      owner(),
      '/home/calendar?session=41',
    );
    const u = userEvent.setup();

    const panel = await screen.findByRole('region', { name: 'Partido contra Halcones' });
    await u.click(within(panel).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar sesión' });
    // A single session is not a series: no scope, no repetition.
    expect(within(dialog).queryByRole('radiogroup', { name: 'Aplicar a' })).toBeNull();
    expect(within(dialog).queryByLabelText('Repetir semanalmente')).toBeNull();
    const title = within(dialog).getByLabelText(/^Título/);
    await u.clear(title);
    await u.type(title, 'Final contra Halcones');
    await u.type(within(dialog).getByLabelText('Competición'), 'Liga local');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Sesión actualizada')).toBeVisible();
    const patch = calls.find(({ method }) => method === 'PATCH')!;
    expect(patch.body).toMatchObject({
      scope: 'this',
      type: 'match',
      title: 'Final contra Halcones',
      category_id: 4,
      opponent: 'Halcones FC',
      home_away: 'home',
      competition: 'Liga local',
      location: 'Cancha 2',
      trainer_id: 5,
    });
    const body = patch.body as { starts_at: string; ends_at: string };
    expect(Date.parse(body.starts_at)).toBe(Date.parse(match.starts_at));
    expect(Date.parse(body.ends_at)).toBe(Date.parse(match.ends_at));
    expect(body).not.toHaveProperty('recurrence');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar sesión' })).toBeNull());
  });

  it('asks the scope when editing a series occurrence and shows the server’s field error', async () => {
    const message = sessionMessages.endBeforeStart;
    const { calls } = renderCalendar(
      clubServer(all, ({ method }) =>
        method === 'PATCH' ? [422, { message, errors: [{ path: 'ends_at', message }] }] : undefined,
      ),
      owner(),
      '/home/calendar?session=40',
    );
    const u = userEvent.setup();

    const panel = await screen.findByRole('region', { name: 'Entrenamiento Sub-12' });
    await u.click(within(panel).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar sesión' });
    const scope = within(dialog).getByRole('radiogroup', { name: 'Aplicar a' });
    await u.click(within(scope).getByRole('radio', { name: sessionScopeLabels.following }));
    expect(within(dialog).getByRole('switch', { name: 'Repetir semanalmente' })).toBeChecked();
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await within(dialog).findByText(message)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Editar sesión' })).toBeVisible();
    expect(calls.find(({ method }) => method === 'PATCH')!.body).toMatchObject({
      scope: 'following',
      recurrence: { weekdays: [1, 3], until: '2026-12-15', count: null },
    });
  });

  it('offers a trainer with no session yet his category and the trainers, without the club-wide choice', async () => {
    const trainerChoices: SessionChoices = {
      categories: [{ id: 7, name: 'Sub-10', can_manage: true }],
      can_manage_club_wide: false,
      trainers: [
        { id: 5, name: 'Ana Gómez' },
        { id: 6, name: 'Luis Pérez' },
      ],
      timezone: 'America/Bogota',
    };
    const { calls } = renderCalendar(
      clubServer([], undefined, trainerChoices),
      userWithRole('Entrenador'),
    );
    const u = userEvent.setup();

    const filter = await screen.findByRole('group', { name: 'Categorías:' });
    expect(within(filter).getByRole('button', { name: 'Sub-10' })).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Nueva sesión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva sesión' });
    const category = within(dialog).getByRole('combobox', { name: 'Categoría' });
    expect(category).toHaveTextContent('Sub-10');
    await u.click(category);
    const categoryOptions = await screen.findByRole('listbox', { name: 'Categoría' });
    expect(
      within(categoryOptions)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sub-10']);
    await u.keyboard('{Escape}');
    await u.click(within(dialog).getByRole('combobox', { name: 'Entrenador' }));
    const trainerOptions = await screen.findByRole('listbox', { name: 'Entrenador' });
    expect(
      within(trainerOptions)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sin entrenador', 'Ana Gómez', 'Luis Pérez']);
    // The choices come from the one call every role may make.
    expect(calls.map(({ path }) => path)).not.toContain('/api/pla_club_teams/1/categories');
    expect(calls.map(({ path }) => path)).not.toContain('/api/pla_club_teams/1/trainers');
  });

  it('checks a new session before sending: the day is needed', async () => {
    const { calls } = renderCalendar(clubServer());
    const u = userEvent.setup();
    await screen.findByText('Entrenamiento Sub-12');

    await u.click(screen.getByRole('button', { name: 'Nueva sesión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva sesión' });
    await u.type(within(dialog).getByLabelText(/^Título/), 'Entreno extra');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await within(dialog).findByText('Elige la fecha')).toBeVisible();
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
  });
});

/** The screen's drag-move wiring without FullCalendar's pointer drag (no layout in happy-dom). */
function MoveHarness({ revert }: { revert: () => void }) {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  const mover = useCalendarMove(clubId);
  const drop = (inSeries: boolean) =>
    mover.onMove(
      {
        sessionId: inSeries ? 40 : 42,
        title: inSeries ? 'Entrenamiento Sub-12' : 'Reunión de padres',
        inSeries,
        startsAt: '2026-11-26T19:00:00-05:00',
        endsAt: '2026-11-26T20:30:00-05:00',
      },
      revert,
    );
  return (
    <>
      <button onClick={() => drop(true)}>Soltar serie</button>
      <button onClick={() => drop(false)}>Soltar sesión</button>
      <SessionScopeDialog move={mover.asking} onScope={mover.onScope} onCancel={mover.onCancel} />
    </>
  );
}

describe('moving a session on the calendar', () => {
  const renderMove = (api: ServerHandler, revert: () => void) =>
    renderRoutes(
      '/home/calendar',
      [{ path: '/home/calendar', element: <MoveHarness revert={revert} /> }],
      {
        user: owner(),
        api,
      },
    );

  it('asks the scope of a series occurrence, then saves it over that scope', async () => {
    const revert = vi.fn();
    const { calls } = renderMove(
      clubServer(all, ({ method }) =>
        method === 'PATCH' ? [200, { session: training, affected: 6, kept: 0 }] : undefined,
      ),
      revert,
    );
    const u = userEvent.setup();

    await u.click(await screen.findByRole('button', { name: 'Soltar serie' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Mover Entrenamiento Sub-12?' });
    await u.click(within(dialog).getByRole('button', { name: sessionScopeLabels.series }));

    expect(await screen.findByText('6 sesiones actualizadas')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: `${LIST}/40`,
      query: {},
      body: {
        scope: 'series',
        starts_at: '2026-11-26T19:00:00-05:00',
        ends_at: '2026-11-26T20:30:00-05:00',
      },
    });
    expect(revert).not.toHaveBeenCalled();
  });

  it('puts the session back when the question is cancelled, sending nothing', async () => {
    const revert = vi.fn();
    const { calls } = renderMove(clubServer(), revert);
    const u = userEvent.setup();

    await u.click(await screen.findByRole('button', { name: 'Soltar serie' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Mover Entrenamiento Sub-12?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(revert).toHaveBeenCalledOnce());
    expect(calls.filter(({ method }) => method === 'PATCH')).toEqual([]);
  });

  it('saves a single session at once and puts it back with the server’s reason when refused', async () => {
    const revert = vi.fn();
    const message = sessionMessages.notYourCategory;
    renderMove(
      clubServer(all, ({ method }) => (method === 'PATCH' ? [403, { message }] : undefined)),
      revert,
    );
    const u = userEvent.setup();

    await u.click(await screen.findByRole('button', { name: 'Soltar sesión' }));

    expect(await screen.findByText(message)).toBeVisible();
    expect(revert).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/actualizada/)).toBeNull();
  });
});
