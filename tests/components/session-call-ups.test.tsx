import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallUp, CallUpList } from '../../contract/call-ups.schema';
import type { RoleName } from '../../contract/roles.schema';
import type { SessionChoices } from '../../contract/session-choices.schema';
import type { Session } from '../../contract/sessions.schema';
import { SessionExtras } from '../../src/screens/sessions/session-extras';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const match: Session = {
  id: 41,
  series_id: null,
  occurrence_date: null,
  category_id: 3,
  category_name: 'Sub-12',
  type: 'match',
  title: 'Partido contra Halcones',
  starts_at: '2026-12-05T15:00:00.000Z',
  ends_at: '2026-12-05T17:00:00.000Z',
  location: 'Estadio Municipal',
  trainer_id: 5,
  trainer_name: 'Ana Gómez',
  notes: null,
  status: 'scheduled',
  cancel_reason: null,
  opponent: 'Halcones FC',
  home_away: 'home',
  competition: null,
  score_ours: null,
  score_theirs: null,
  attendance_closed_at: null,
  recurrence: null,
  can_manage: true,
};

const BASE = '/api/pla_club_teams/1/sessions/41';

/** The calendar's choices: the club's timezone, in which the shared text says the time. */
const choices: SessionChoices = {
  categories: [],
  can_manage_club_wide: false,
  trainers: [],
  timezone: 'America/Bogota',
};

const row = (player_id: number, name: string, overrides: Partial<CallUp> = {}): CallUp => ({
  player_id,
  name,
  photo_url: null,
  answer: 'pending',
  reason: null,
  answered_at: null,
  answered_by_name: null,
  reminded_at: null,
  ...overrides,
});

/** A list as the server answers it: the summary counted from every row. */
const listOf = (
  rows: CallUp[],
  rest: Partial<Pick<CallUpList, 'can_manage' | 'answerable_player_ids'>> = {},
): CallUpList => ({
  summary: {
    called: rows.length,
    yes: rows.filter((each) => each.answer === 'yes').length,
    no: rows.filter((each) => each.answer === 'no').length,
    maybe: rows.filter((each) => each.answer === 'maybe').length,
    pending: rows.filter((each) => each.answer === 'pending').length,
  },
  can_manage: true,
  answerable_player_ids: rows.map((each) => each.player_id),
  data: rows,
  ...rest,
});

const sheet = {
  session_id: 41,
  version: 0,
  closed_at: null,
  closed_by_name: null,
  can_manage: true,
  records: (
    [
      [7, 'Ana Ríos'],
      [8, 'José Pérez'],
      [9, 'Luis Torres'],
    ] as const
  ).map(([player_id, name]) => ({
    player_id,
    name,
    photo_url: null,
    jersey_number: null,
    status: null,
    note: null,
  })),
};

const renderExtras = (
  api: ServerHandler,
  session: Session = match,
  role: RoleName = 'Entrenador',
) =>
  renderRoutes(
    '/home/calendar',
    [{ path: '/home/calendar', element: <SessionExtras session={session} /> }],
    {
      user: userWithRole(role),
      api: (call) =>
        call.path === '/api/pla_club_teams/1/sessions/choices' ? [200, choices] : api(call),
    },
  );

const answerCalls = (calls: ServerCall[]) =>
  calls.filter(({ method, path }) => method === 'POST' && path.endsWith('/answer'));

describe('session call-ups', () => {
  it('lets a manager call players up and shows the summary the server answers', async () => {
    let current = listOf([]);
    const { calls } = renderExtras((call) => {
      if (call.path === `${BASE}/call-ups` && call.method === 'GET') return [200, current];
      if (call.path === `${BASE}/attendance`) return [200, sheet];
      if (call.path === `${BASE}/call-ups` && call.method === 'PUT') {
        const ids = (call.body as { player_ids: number[] }).player_ids;
        const names = new Map<number, string>(
          sheet.records.map((each) => [each.player_id, each.name]),
        );
        current = listOf(
          ids.map((id) =>
            id === 8 ? row(id, names.get(id)!, { answer: 'yes' }) : row(id, names.get(id)!),
          ),
        );
        return [200, current];
      }
      return [404, { message: `No fake for ${call.method} ${call.path}` }];
    });
    const u = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Convocatoria' })).toBeVisible();
    expect(screen.getByText('Nadie convocado todavía.')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Convocar jugadores' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convocar jugadores' });
    await within(dialog).findByLabelText('Ana Ríos');
    await u.type(within(dialog).getByLabelText('Buscar jugador'), 'jose');
    expect(within(dialog).queryByLabelText('Ana Ríos')).toBeNull();
    await u.click(within(dialog).getByLabelText('José Pérez'));
    await u.clear(within(dialog).getByLabelText('Buscar jugador'));
    await u.click(within(dialog).getByLabelText('Luis Torres'));
    expect(within(dialog).getByText('2 jugadores convocados')).toBeVisible();
    await u.click(within(dialog).getByRole('button', { name: 'Guardar convocatoria' }));

    expect(await screen.findByText('Convocatoria guardada: 2 jugadores')).toBeVisible();
    const put = calls.find(({ method }) => method === 'PUT');
    expect(put?.body).toEqual({ player_ids: [8, 9] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const summary = screen.getByRole('list', { name: 'Resumen de respuestas' });
    expect(within(summary).getByText('Voy 1')).toBeVisible();
    expect(within(summary).getByText('No voy 0')).toBeVisible();
    expect(within(summary).getByText('Tal vez 0')).toBeVisible();
    expect(within(summary).getByText('Sin respuesta 1')).toBeVisible();
    const players = screen.getByRole('list', { name: 'Jugadores convocados' });
    expect(within(players).getByText('José Pérez')).toBeVisible();
    expect(within(players).getByText('Luis Torres')).toBeVisible();
  });

  it('opens the picker on who is called up already', async () => {
    renderExtras((call) => {
      if (call.path === `${BASE}/call-ups`) return [200, listOf([row(9, 'Luis Torres')])];
      if (call.path === `${BASE}/attendance`) return [200, sheet];
      return [404, { message: 'sin fake' }];
    });
    const u = userEvent.setup();

    await u.click(await screen.findByRole('button', { name: 'Convocar jugadores' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convocar jugadores' });
    expect(await within(dialog).findByLabelText('Luis Torres')).toBeChecked();
    expect(within(dialog).getByLabelText('Ana Ríos')).not.toBeChecked();
  });

  it.each([
    [3, 'Recordatorio enviado a 3 personas'],
    [1, 'Recordatorio enviado a 1 persona'],
    [0, 'Nadie pendiente'],
  ])('tells how many the server reminded (%i)', async (reminded, text) => {
    const { calls } = renderExtras((call) => {
      if (call.path === `${BASE}/call-ups`)
        return [
          200,
          listOf([row(7, 'Ana Ríos'), row(8, 'José Pérez', { answer: 'no', reason: 'Viaje' })]),
        ];
      if (call.path === `${BASE}/call-ups/remind`) return [200, { reminded }];
      return [404, { message: 'sin fake' }];
    });
    const u = userEvent.setup();

    expect(await screen.findByText('Motivo: Viaje')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Recordar a los que no han respondido' }));

    expect(await screen.findByText(text)).toBeVisible();
    expect(calls.filter(({ path }) => path === `${BASE}/call-ups/remind`)).toHaveLength(1);
  });

  it('shares the call-up by WhatsApp with the session and its link', async () => {
    renderExtras((call) =>
      call.path === `${BASE}/call-ups`
        ? [200, listOf([row(7, 'Ana Ríos')])]
        : [404, { message: 'sin fake' }],
    );

    const link = await screen.findByRole('link', { name: 'Compartir por WhatsApp' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    const text = href.searchParams.get('text')!;
    expect(text).toContain('Convocatoria: Partido contra Halcones');
    // 15:00 UTC is 10:00 in Bogotá, the club's timezone, whatever the browser's.
    expect(text).toMatch(/sábado, 5 de diciembre de 2026 · 10:00 – 12:00/);
    expect(text).toContain('Lugar: Estadio Municipal');
    expect(text).toContain(`${window.location.origin}/home/calendar?session=41`);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('lets a family answer No voy with a reason, and Voy at once', async () => {
    windowWidth(390);
    let current = listOf([row(7, 'Ana Ríos')], { can_manage: false, answerable_player_ids: [7] });
    const { calls } = renderExtras(
      (call) => {
        if (call.path === `${BASE}/call-ups`) return [200, current];
        if (call.path === `${BASE}/call-ups/7/answer`) {
          const body = call.body as { answer: 'yes' | 'no'; reason?: string };
          current = {
            ...listOf([row(7, 'Ana Ríos', { answer: body.answer, reason: body.reason ?? null })]),
            can_manage: false,
            answerable_player_ids: [7],
          };
          return [200, current];
        }
        return [404, { message: 'sin fake' }];
      },
      { ...match, can_manage: false },
      'Padre/Acudiente',
    );
    const u = userEvent.setup();

    const group = await screen.findByRole('group', { name: '¿Ana Ríos va?' });
    expect(screen.getByText('Sin respuesta 1')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Convocar jugadores' })).toBeNull();
    await u.click(within(group).getByRole('button', { name: 'No voy' }));
    expect(answerCalls(calls)).toHaveLength(0);
    await u.type(screen.getByLabelText('Motivo (opcional)'), 'Está enferma');
    await u.click(screen.getByRole('button', { name: 'Enviar respuesta' }));

    expect(await screen.findByText('Respuesta de Ana Ríos: No voy')).toBeVisible();
    expect(answerCalls(calls)[0]).toMatchObject({
      path: `${BASE}/call-ups/7/answer`,
      body: { answer: 'no', reason: 'Está enferma' },
    });
    expect(await screen.findByText('No voy 1')).toBeVisible();
    expect(within(group).getByRole('button', { name: 'No voy' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('button', { name: 'Enviar respuesta' })).toBeNull();

    await u.click(within(group).getByRole('button', { name: 'Voy' }));
    await waitFor(() => expect(answerCalls(calls)).toHaveLength(2));
    expect(answerCalls(calls)[1]!.body).toEqual({ answer: 'yes' });
    expect(await screen.findByText('Voy 1')).toBeVisible();
  });

  it('shows nothing to whoever neither manages nor answers', async () => {
    const { calls } = renderExtras(
      (call) =>
        call.path === `${BASE}/call-ups`
          ? [200, listOf([row(7, 'Ana Ríos')], { can_manage: false, answerable_player_ids: [] })]
          : [404, { message: 'sin fake' }],
      { ...match, can_manage: false },
      'Jugador',
    );

    await waitFor(() => expect(calls.some(({ path }) => path === `${BASE}/call-ups`)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Convocatoria' })).toBeNull();
  });

  it('has no call-up for a training', async () => {
    const { calls } = renderExtras(() => [404, { message: 'sin fake' }], {
      ...match,
      type: 'training',
    });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter(({ path }) => path.includes('call-ups'))).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Convocatoria' })).toBeNull();
  });
});
