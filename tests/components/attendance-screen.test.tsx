import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../contract/dates.format';
import {
  type AttendanceSheet,
  type AttendanceStatus,
  attendanceMessages,
} from '../../contract/attendance.schema';
import type { Session } from '../../contract/sessions.schema';
import type { User } from '../../contract/users.schema';
import {
  closeAttendanceStore,
  getCachedSheet,
  getQueued,
  putQueued,
} from '../../src/lib/attendance-queue';
import { NETWORK_FAILURE_MESSAGE } from '../../src/lib/request-failure';
import { AttendanceScreen } from '../../src/screens/attendance/attendance-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(async () => {
  localStorage.clear();
  vi.unstubAllGlobals();
  await closeAttendanceStore();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase('gestion-deportiva-attendance');
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
});

const SESSION = '/api/pla_club_teams/1/sessions/7';
const SHEET = `${SESSION}/attendance`;

const session: Session = {
  id: 7,
  series_id: null,
  occurrence_date: null,
  category_id: 3,
  category_name: 'Sub-12',
  type: 'training',
  title: 'Entrenamiento Sub-12',
  starts_at: '2026-11-24T23:00:00.000Z',
  ends_at: '2026-11-25T00:30:00.000Z',
  location: 'Cancha 2',
  trainer_id: 4,
  trainer_name: 'Tomás Entrenador',
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

const players = [
  { player_id: 21, name: 'Ana Gómez', jersey_number: 9 },
  { player_id: 22, name: 'Juan Pérez', jersey_number: 4 },
  { player_id: 23, name: 'Luis Díaz', jersey_number: null },
];

const sheetOf = (
  version: number,
  statuses: (AttendanceStatus | null)[],
  extra: Partial<AttendanceSheet> = {},
): AttendanceSheet => ({
  session_id: 7,
  version,
  closed_at: null,
  closed_by_name: null,
  can_manage: true,
  records: players.map((player, index) => ({
    ...player,
    photo_url: null,
    status: statuses[index] ?? null,
    note: null,
  })),
  ...extra,
});

interface SavedBody {
  version: number;
  records: { player_id: number; status: AttendanceStatus; note: string | null }[];
  force: boolean;
}

/** The calendar's choices: the club's timezone, in which the header says the time. */
const bogotaChoices = {
  categories: [],
  can_manage_club_wide: false,
  trainers: [],
  timezone: 'America/Bogota',
};

/**
 * The club's API as the roll call uses it, with a server-side sheet that a PUT changes.
 * `network.down` makes every call fail as a lost connection does (fetch rejects).
 */
function clubServer(start: AttendanceSheet = sheetOf(0, [])) {
  const state = { sheet: start, down: false, conflictOnce: null as AttendanceSheet | null };
  const handler: ServerHandler = ({ method, path, body }) => {
    if (state.down) throw new TypeError('Failed to fetch');
    if (path === SESSION && method === 'GET') return [200, session];
    if (path === '/api/pla_club_teams/1/sessions/choices') return [200, bogotaChoices];
    if (path === SHEET && method === 'GET') return [200, state.sheet];
    if (path === SHEET && method === 'PUT') {
      if (state.sheet.closed_at) return [409, { message: attendanceMessages.closed }];
      if (state.conflictOnce) {
        state.sheet = state.conflictOnce;
        state.conflictOnce = null;
      }
      const save = body as SavedBody;
      if (!save.force && save.version !== state.sheet.version) {
        const message = attendanceMessages.conflict;
        return [409, { message, errors: [{ path: 'version', message }] }];
      }
      const statuses = players.map(
        ({ player_id }) => save.records.find((r) => r.player_id === player_id)?.status ?? null,
      );
      state.sheet = sheetOf(state.sheet.version + 1, statuses);
      return [200, state.sheet];
    }
    if (path === `${SHEET}/close` && method === 'POST') {
      state.sheet = {
        ...state.sheet,
        closed_at: '2026-11-25T01:00:00.000Z',
        closed_by_name: 'Tomás Entrenador',
      };
      return [200, state.sheet];
    }
    return [404, { message: `No fake for ${method} ${path}` }];
  };
  return { state, handler };
}

/** The trainer who takes the roll call, and another trainer on the same phone later. */
const trainer = userWithRole('Entrenador');
const otherTrainer = userWithRole('Entrenador', { id: 3, name: 'Marta' });
/** Where the device keeps the trainer's entries of session 7. */
const mine = { userId: trainer.id, clubId: 1, sessionId: 7 };

const renderScreen = (api: ServerHandler, user: User = trainer) =>
  renderRoutes(
    '/home/attendance/7',
    [{ path: '/home/attendance/:sessionId', element: <AttendanceScreen /> }],
    { user, api },
  );

const row = (name: string, status: string) =>
  screen.findByRole('button', { name: `${name}: ${status}. Tocar para cambiar` });
const puts = (calls: ServerCall[]) =>
  calls.filter(({ method, path }) => method === 'PUT' && path === SHEET);
const status = () => screen.getByRole('status');
/** Waits for the status line to say `text` (after a dialog, once the page is no longer hidden). */
const statusSays = (text: string) =>
  waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));

describe('the roll call', () => {
  it('pre-marks everyone present and cycles a player with one tap per change', async () => {
    const { handler } = clubServer();
    renderScreen(handler);
    const u = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'Asistencia: Entrenamiento Sub-12' }),
    ).toBeVisible();
    expect(screen.getByText('Entrenamiento · Sub-12')).toBeVisible();
    // 23:00 UTC is 18:00 in Bogotá, the club's timezone, whatever the browser's.
    expect(await screen.findByText(/^martes, 24 de noviembre de 2026 · 18:00 – /)).toBeVisible();
    expect(screen.getByLabelText('Resumen de asistencia')).toHaveTextContent(
      'Presentes 3 · Ausentes 0 · Tarde 0 · Excusados 0',
    );
    for (const next of ['Ausente', 'Tarde', 'Excusado', 'Presente']) {
      await u.click(
        within(screen.getByRole('list', { name: 'Jugadores' })).getAllByRole('button')[0]!,
      );
      expect(await row('Ana Gómez', next)).toBeVisible();
    }
    await u.click(await row('Juan Pérez', 'Presente'));
    expect(screen.getByLabelText('Resumen de asistencia')).toHaveTextContent(
      'Presentes 2 · Ausentes 1 · Tarde 0 · Excusados 0',
    );
    expect(status()).toHaveTextContent('Cambios sin guardar');
    // Nothing saved yet: nothing to close.
    expect(screen.queryByRole('button', { name: 'Cerrar lista' })).toBeNull();
  });

  it('saves online: the server gets the whole list, then it says Sincronizado; closes it', async () => {
    const { handler } = clubServer();
    const { calls } = renderScreen(handler);
    const u = userEvent.setup();

    await u.click(await row('Juan Pérez', 'Presente'));
    await u.click(screen.getByRole('button', { name: 'Nota de Juan Pérez' }));
    await u.type(screen.getByRole('textbox', { name: 'Nota de Juan Pérez' }), ' Enfermo ');
    await u.click(screen.getByRole('button', { name: 'Guardar' }));

    await statusSays('Sincronizado');
    expect(puts(calls).map(({ body }) => body)).toEqual([
      {
        version: 0,
        force: false,
        records: [
          { player_id: 21, status: 'present', note: null },
          { player_id: 22, status: 'absent', note: 'Enfermo' },
          { player_id: 23, status: 'present', note: null },
        ],
      },
    ]);
    expect(await getQueued(mine)).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Cerrar lista' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar la lista de asistencia?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cerrar lista' }));
    expect(await screen.findByText(/Lista cerrada el .* por Tomás Entrenador/)).toBeVisible();
    // A closed list only shows: no taps, no 'Guardar'.
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(await screen.findByRole('group', { name: 'Juan Pérez: Ausente' })).toBeVisible();
  });

  it('keeps the list on the device without a connection and sends it when it returns', async () => {
    const server = clubServer();
    const { calls } = renderScreen(server.handler);
    const u = userEvent.setup();
    await u.click(await row('Luis Díaz', 'Presente'));

    server.state.down = true;
    await u.click(screen.getByRole('button', { name: 'Guardar' }));
    await statusSays('Pendiente de sincronizar');
    expect((await getQueued(mine))?.records.map(({ status }) => status)).toEqual([
      'present',
      'present',
      'absent',
    ]);
    // The list shown is the one waiting, not the server's; it cannot be closed yet.
    expect(await row('Luis Díaz', 'Ausente')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cerrar lista' })).toBeNull();

    server.state.down = false;
    window.dispatchEvent(new Event('online'));
    await statusSays('Sincronizado');
    expect(puts(calls).at(-1)!.body).toMatchObject({ version: 0, force: false });
    expect(server.state.sheet.records.map(({ status }) => status)).toEqual([
      'present',
      'present',
      'absent',
    ]);
    await waitFor(async () => expect(await getQueued(mine)).toBeNull());
  });

  it('opens offline from the device’s copy, with the list still waiting', async () => {
    const server = clubServer();
    const first = renderScreen(server.handler);
    const u = userEvent.setup();
    await u.click(await row('Ana Gómez', 'Presente'));
    server.state.down = true;
    await u.click(screen.getByRole('button', { name: 'Guardar' }));
    await statusSays('Pendiente de sincronizar');
    first.unmount();
    await waitFor(async () => expect(await getQueued(mine)).not.toBeNull());

    renderScreen(server.handler);
    expect(await screen.findByText(/Sin conexión: se muestra la lista guardada/)).toBeVisible();
    // The club's zone the server named on the first visit still gives the session's time.
    expect(await screen.findByText(/^martes, 24 de noviembre de 2026 · 18:00 – /)).toBeVisible();
    expect(await row('Ana Gómez', 'Ausente')).toBeVisible();
    expect(within(status()).getByText('Pendiente de sincronizar')).toBeVisible();
    const savedAt = (await getQueued(mine))!.savedAt;
    // The club's wall clock (Bogotá), dd/mm/aaaa hh:mm, whatever the browser's zone.
    expect(
      within(status()).getByText(
        `Tienes una lista sin enviar de ${formatDateTime(savedAt, 'America/Bogota')}.`,
      ),
    ).toBeVisible();
  });

  it('says nothing of an earlier list while none waits, nor of one saved on this page', async () => {
    const server = clubServer();
    renderScreen(server.handler);
    const u = userEvent.setup();
    await u.click(await row('Ana Gómez', 'Presente'));
    server.state.down = true;
    await u.click(screen.getByRole('button', { name: 'Guardar' }));
    await statusSays('Pendiente de sincronizar');
    expect(status()).not.toHaveTextContent('Tienes una lista sin enviar');
  });

  it('never shows another person on this phone the names kept or the list waiting', async () => {
    const server = clubServer();
    const first = renderScreen(server.handler);
    const u = userEvent.setup();
    await u.click(await row('Ana Gómez', 'Presente'));
    server.state.down = true;
    await u.click(screen.getByRole('button', { name: 'Guardar' }));
    await statusSays('Pendiente de sincronizar');
    first.unmount();
    await waitFor(async () => expect(await getQueued(mine)).not.toBeNull());
    expect(await getCachedSheet(mine)).not.toBeNull();

    // Offline, another trainer gets no copy of the first one's sheet.
    const second = renderScreen(server.handler, otherTrainer);
    expect(await screen.findByText(NETWORK_FAILURE_MESSAGE)).toBeVisible();
    expect(screen.queryByText('Ana Gómez')).toBeNull();
    second.unmount();

    // Online, they see the server's list and nothing of the first one's is sent as theirs.
    server.state.down = false;
    const third = renderScreen(server.handler, otherTrainer);
    expect(await row('Ana Gómez', 'Presente')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled());
    expect(status()).not.toHaveTextContent('Pendiente de sincronizar');
    expect(status()).not.toHaveTextContent('Tienes una lista sin enviar');
    expect(puts(third.calls)).toEqual([]);
    third.unmount();

    // The first trainer's list waited for them: it is sent when they open the roll call again.
    const back = renderScreen(server.handler);
    await statusSays('Sincronizado');
    expect(puts(back.calls).map(({ body }) => (body as SavedBody).records[0])).toEqual([
      { player_id: 21, status: 'absent', note: null },
    ]);
    await waitFor(async () => expect(await getQueued(mine)).toBeNull());
  });

  it('sends a list only to the person who saved it, even with the same club and session', async () => {
    await putQueued({
      ...mine,
      userId: otherTrainer.id,
      baseVersion: 0,
      records: [{ player_id: 21, status: 'absent', note: 'De Marta' }],
      savedAt: '2026-11-24T18:00:00.000Z',
    });
    const server = clubServer();
    const { calls } = renderScreen(server.handler);
    expect(await row('Ana Gómez', 'Presente')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled());
    expect(puts(calls)).toEqual([]);
    expect(await getQueued({ ...mine, userId: otherTrainer.id })).not.toBeNull();
  });

  it('shows both lists after someone else saved, and sends mine with force when chosen', async () => {
    const server = clubServer();
    const { calls } = renderScreen(server.handler);
    const u = userEvent.setup();
    await u.click(await row('Ana Gómez', 'Presente'));
    // Someone else saves first: their list has Juan excused.
    server.state.conflictOnce = sheetOf(1, ['present', 'excused', 'present']);
    await u.click(screen.getByRole('button', { name: 'Guardar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Otra persona guardó la lista' });
    const table = within(dialog).getByRole('table', { name: 'Tu lista y la del servidor' });
    const ana = within(table).getByText('Ana Gómez').closest('tr')!;
    expect(ana).toHaveAttribute('data-differs', 'true');
    expect(within(ana as HTMLElement).getByText('Ausente')).toBeVisible();
    expect(within(ana as HTMLElement).getByText('Presente')).toBeVisible();
    const luis = within(table).getByText('Luis Díaz').closest('tr')!;
    expect(luis).toHaveAttribute('data-differs', 'false');

    await u.click(within(dialog).getByRole('button', { name: 'Usar la mía' }));
    await statusSays('Sincronizado');
    expect(puts(calls).map(({ body }) => (body as SavedBody).force)).toEqual([false, true]);
    expect((puts(calls)[1]!.body as SavedBody).version).toBe(1);
    expect(server.state.sheet.records.map(({ status }) => status)).toEqual([
      'absent',
      'present',
      'present',
    ]);
  });

  it('replaces my list with the server’s when I choose theirs, sending nothing more', async () => {
    const server = clubServer();
    const { calls } = renderScreen(server.handler);
    const u = userEvent.setup();
    await u.click(await row('Ana Gómez', 'Presente'));
    server.state.conflictOnce = sheetOf(1, ['present', 'excused', 'present']);
    await u.click(screen.getByRole('button', { name: 'Guardar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Otra persona guardó la lista' });
    await u.click(within(dialog).getByRole('button', { name: 'Usar la del servidor' }));
    await statusSays('Sincronizado');
    expect(await row('Juan Pérez', 'Excusado')).toBeVisible();
    expect(await row('Ana Gómez', 'Presente')).toBeVisible();
    expect(puts(calls)).toHaveLength(1);
    expect(await getQueued(mine)).toBeNull();
  });

  it('shows the server’s refusal and lets the trainer drop the list it will never take', async () => {
    const server = clubServer();
    const { calls } = renderScreen(server.handler);
    const u = userEvent.setup();
    await u.click(await row('Ana Gómez', 'Presente'));
    // Someone closed the list meanwhile: the server refuses any save.
    server.state.sheet = { ...server.state.sheet, closed_at: '2026-11-25T01:00:00.000Z' };
    await u.click(screen.getByRole('button', { name: 'Guardar' }));

    await statusSays(attendanceMessages.closed);
    expect(within(status()).getByText('No se pudo sincronizar')).toBeVisible();
    expect(await getQueued(mine)).not.toBeNull();
    await u.click(within(status()).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    await statusSays(attendanceMessages.closed);

    await u.click(within(status()).getByRole('button', { name: 'Descartar mis cambios' }));
    await waitFor(async () => expect(await getQueued(mine)).toBeNull());
    // The server's list again, now closed: read-only.
    expect(await screen.findByText(/Lista cerrada el/)).toBeVisible();
    expect(screen.getByRole('group', { name: 'Ana Gómez: Presente' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });
});
