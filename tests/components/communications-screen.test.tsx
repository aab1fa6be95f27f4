import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Communication } from '../../contract/communications.schema';
import { CommunicationsScreen } from '../../src/screens/communications/communications-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  clubsGate = Promise.resolve();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const PATH = '/api/admin/communications';

const sent = (body: Record<string, unknown>, recipients: number, id = 9): Communication => ({
  id,
  kind: 'announcement',
  title: String(body.title),
  body: String(body.body),
  audience: { kind: 'all' },
  channels: ['in_app'],
  recipients,
  created_at: '2026-11-20T15:00:00.000Z',
  delivered_at: '2026-11-20T15:00:01.000Z',
  sender: { id: 1, name: 'Ada Admin' },
});

const CLUB_NAMES = ['Tigres FC', 'Tigres del Norte', 'Leones', 'Águilas', 'Delfines'];
const CLUBS = CLUB_NAMES.map((name, index) => ({
  id: index + 1,
  name,
  status: 'active',
  suspension_reason: null,
  suspended_at: null,
  owner_name: null,
  owner_email: null,
  players_count: 0,
  members_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
}));

/** Held open by a test to see the picker while a search is on its way; open by default. */
let clubsGate: Promise<void> = Promise.resolve();

async function clubsPage(call: ServerCall): Promise<[number, unknown]> {
  await clubsGate;
  const q = (call.query.q ?? '').toLowerCase();
  const found = CLUBS.filter((club) => club.name.toLowerCase().includes(q));
  return [200, { data: found.slice(0, Number(call.query.pageSize)), total: found.length }];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The history, a preview that counts `reach`, `send` for the POST, and `/api/admin/clubs`
 * searching CLUBS by name as the server would (one page, by name).
 */
function server(reach: number, send: (call: ServerCall) => [number, unknown]): ServerHandler {
  return (call) => {
    if (call.method === 'GET' && call.path === '/api/admin/clubs') return clubsPage(call);
    if (call.method === 'GET' && call.path === PATH) {
      const old = sent({ title: 'Mantenimiento de octubre', body: 'x' }, 12, 1);
      return [200, { success: true, data: [old], total: 1 }];
    }
    if (call.method === 'POST' && call.path === `${PATH}/preview`) {
      return [
        200,
        {
          success: true,
          data: {
            recipients: reach,
            with_email: Math.max(reach - 1, 0),
            sample: ['Ana Ruiz', 'Beto Gil'],
          },
        },
      ];
    }
    if (call.method === 'POST' && call.path === PATH) return send(call);
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderScreen = (api: ServerHandler) =>
  renderRoutes(
    '/home/admin/communications',
    [{ path: '/home/admin/communications', element: <CommunicationsScreen /> }],
    { user: userWithRole('Super Admin'), api },
  );

describe('Comunicaciones Masivas', () => {
  it('counts the recipients, previews the message, asks "Enviar a N personas" and sends once', async () => {
    const { calls } = renderScreen(
      server(42, (call) => [
        201,
        { success: true, data: sent(call.body as never, 42), repeated: false },
      ]),
    );
    const u = userEvent.setup();
    expect(await screen.findByText('Mantenimiento de octubre')).toBeVisible();
    expect(screen.getByText(/Completa el título/)).toBeVisible();
    await u.type(screen.getByRole('textbox', { name: /Título/ }), 'Nueva versión');
    await u.type(screen.getByRole('textbox', { name: /Mensaje/ }), 'Llegan los informes.');
    expect(await screen.findByText('Llegará a 42 personas')).toBeVisible();
    expect(screen.getByText(/41 con correo electrónico/)).toBeVisible();
    const card = screen.getByLabelText('Vista previa como notificación');
    expect(within(card).getByText('Nueva versión')).toBeVisible();
    expect(screen.queryByLabelText('Vista previa como correo')).toBeNull();
    await u.click(screen.getByLabelText('Correo electrónico'));
    expect(await screen.findByLabelText('Vista previa como correo')).toBeVisible();

    await u.click(await screen.findByRole('button', { name: 'Enviar a 42 personas' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Enviar a 42 personas?' });
    await u.click(within(dialog).getByRole('button', { name: 'Enviar a 42 personas' }));
    expect(await screen.findByText('Comunicación enviada a 42 personas')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sends = calls.filter((call) => call.method === 'POST' && call.path === PATH);
    expect(sends).toEqual([
      expect.objectContaining({
        body: {
          kind: 'announcement',
          title: 'Nueva versión',
          body: 'Llegan los informes.',
          audience: { kind: 'all' },
          channels: ['in_app', 'email'],
          idempotency_key: expect.stringMatching(UUID),
        },
      }),
    ]);
    // The form starts again empty.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Título/ })).toHaveValue(''));
  }, 30_000);

  it('does not offer to send when nobody would receive it, nor without a channel', async () => {
    const { calls } = renderScreen(server(0, () => [500, {}]));
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: /Título/ }), 'Aviso');
    await u.type(screen.getByRole('textbox', { name: /Mensaje/ }), 'Texto');
    expect(await screen.findByText(/No llega a nadie/, {}, { timeout: 4000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await u.click(screen.getByLabelText('En la aplicación'));
    expect(screen.getByText('Elige al menos un canal')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST' && call.path === PATH)).toEqual([]);
  }, 30_000);

  it('searches the clubs on the server as one types and keeps the chosen ones as chips', async () => {
    const { calls } = renderScreen(server(7, () => [500, {}]));
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: /Título/ }), 'Torneo');
    await u.type(screen.getByRole('textbox', { name: /Mensaje/ }), 'Inscripciones abiertas');
    await u.click(screen.getByLabelText('Clubes elegidos'));
    const search = screen.getByRole('combobox', { name: 'Clubes' });
    expect(search).toHaveAttribute('placeholder', 'Buscar club');
    await u.type(search, 'tig');
    // The first page (no search) stays listed until the search answers.
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Tigres FC',
        'Tigres del Norte',
      ]),
    );
    // Debounced: one search for what was typed, never one per key; a small page by name.
    const searches = () => calls.filter((call) => call.path === '/api/admin/clubs');
    expect(searches().map((call) => call.query.q)).toEqual([undefined, 'tig']);
    expect(searches()[1]!.query).toMatchObject({ page: '1', pageSize: '10', sort: 'name' });
    await u.click(screen.getByRole('option', { name: 'Tigres FC' }));

    let answer = () => {};
    clubsGate = new Promise((resolve) => (answer = resolve));
    await u.type(search, 'zzz');
    await waitFor(() => expect(searches().at(-1)?.query.q).toBe('zzz'));
    expect(screen.getByRole('progressbar', { name: 'Buscando clubes' })).toBeVisible();
    answer();
    expect(await screen.findByText('Sin resultados')).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: 'Buscando clubes' })).toBeNull();
    await u.clear(search);
    await u.type(search, 'leo');
    await u.click(await screen.findByRole('option', { name: 'Leones' }));
    // The first choice stays a chip though the search no longer shows it.
    const chips = screen.getAllByRole('button', { name: /Tigres FC|Leones/ });
    expect(chips.map((chip) => chip.textContent)).toEqual(['Tigres FC', 'Leones']);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === `${PATH}/preview`).at(-1)?.body).toMatchObject({
        audience: { kind: 'clubs', club_ids: [1, 3] },
      }),
    );
    expect(await screen.findByText('Llegará a 7 personas')).toBeVisible();
  }, 30_000);

  it('retries a failed send with the same key, and a new message gets a new key', async () => {
    let answered = 0;
    const { calls } = renderScreen(
      server(3, (call) =>
        ++answered === 1
          ? [503, { message: 'El servicio no está disponible' }]
          : [201, { success: true, data: sent(call.body as never, 3), repeated: false }],
      ),
    );
    const u = userEvent.setup();
    const compose = async (title: string) => {
      await u.type(await screen.findByRole('textbox', { name: /Título/ }), title);
      await u.type(screen.getByRole('textbox', { name: /Mensaje/ }), 'Texto del aviso');
    };
    const sendIt = async () => {
      await u.click(await screen.findByRole('button', { name: 'Enviar a 3 personas' }));
      const dialog = await screen.findByRole('dialog', { name: '¿Enviar a 3 personas?' });
      await u.click(within(dialog).getByRole('button', { name: 'Enviar a 3 personas' }));
    };
    const keys = () =>
      calls
        .filter((call) => call.method === 'POST' && call.path === PATH)
        .map((call) => (call.body as { idempotency_key: string }).idempotency_key);

    await compose('Cierre de temporada');
    await sendIt();
    expect(await screen.findByText('El servicio no está disponible')).toBeVisible();
    await sendIt();
    expect(await screen.findByText('Comunicación enviada a 3 personas')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Título/ })).toHaveValue(''));
    // The same text composed again is a new message.
    await compose('Cierre de temporada');
    await sendIt();
    await waitFor(() => expect(keys()).toHaveLength(3));
    const [failed, retried, next] = keys();
    expect(failed).toMatch(UUID);
    expect(retried).toBe(failed);
    expect(next).toMatch(UUID);
    expect(next).not.toBe(failed);
  }, 30_000);
});
