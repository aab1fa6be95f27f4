import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Communication } from '../../contract/communications.schema';
import { CommunicationsScreen } from '../../src/screens/communications/communications-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
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
  sender: { id: 1, name: 'Ada Admin' },
});

/** The clubs, the history, a preview that counts `reach`, and `send` for the POST. */
function server(reach: number, send: (call: ServerCall) => [number, unknown]): ServerHandler {
  return (call) => {
    if (call.method === 'GET' && call.path === '/api/pla_club_teams') return [200, { data: [] }];
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
});
