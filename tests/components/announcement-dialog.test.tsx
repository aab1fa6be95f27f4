import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Announcement, announcementMessages } from '../../contract/announcements.schema';
import type { Category } from '../../contract/categories.schema';
import type { RoleName } from '../../contract/roles.schema';
import { useCanAnnounce } from '../../src/screens/announcements/announce-button';
import { AnnouncementDialog } from '../../src/screens/announcements/announcement-dialog';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const category = (id: number, name: string): Category => ({
  id,
  club_id: 1,
  name,
  sport: 'Fútbol',
  gender: 'mixed',
  birth_year_from: 2016,
  birth_year_to: null,
  status: 'active',
  trainers: [],
  player_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

const CLUB_PATH = '/api/pla_club_teams/1/announcements';
const ALERTS_PATH = '/api/admin/system-alerts';

const answer = (body: Record<string, unknown>, recipients: number): Announcement => ({
  id: 7,
  kind: 'club_announcement',
  club_id: 1,
  title: String(body.title),
  message: String(body.message),
  priority: 'medium',
  roles: [],
  category_ids: [],
  action_url: null,
  recipients,
  created_at: '2026-11-20T10:00:00.000Z',
  sender: { id: 1, name: 'Pedro Propietario' },
});

/** The categories of club 1, and `send` for the POSTs. */
function server(send?: (call: ServerCall) => [number, unknown]): ServerHandler {
  return (call) => {
    if (call.method === 'GET' && call.path === '/api/pla_club_teams/1/categories') {
      return [200, { data: [category(10, 'Sub-10'), category(12, 'Sub-12')], total: 2 }];
    }
    if (call.method === 'POST' && send) return send(call);
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

/** What the notification centre will hold: the button when allowed, and the dialog. */
function Host() {
  const [open, setOpen] = useState(false);
  const can = useCanAnnounce();
  return (
    <>
      <p>{can ? 'Puede anunciar' : 'No puede anunciar'}</p>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir anuncio
      </button>
      <AnnouncementDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const renderHost = (api: ServerHandler, role: RoleName = 'Propietario del Club') =>
  renderRoutes('/home/dashboard', [{ path: '/home/dashboard', element: <Host /> }], {
    user: userWithRole(role),
    api,
  });

async function openDialog(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByRole('button', { name: 'Abrir anuncio' }));
  return screen.findByRole('dialog', { name: 'Enviar anuncio' });
}

async function pick(u: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await u.click(screen.getByLabelText(label));
  await u.click(await screen.findByRole('option', { name: option }));
}

// Typing and picking through MUI's selects is slow in jsdom on a busy machine.
describe('announcement dialog', () => {
  it('sends title, message, roles, categories and link, then closes with the reach', async () => {
    const { calls } = renderHost(
      server((call) => [201, { success: true, data: answer(call.body as never, 3) }]),
    );
    const u = userEvent.setup();
    expect(await screen.findByText('Puede anunciar')).toBeVisible();
    const dialog = await openDialog(u);
    expect(within(dialog).queryByLabelText('Para')).toBeNull();

    await u.type(within(dialog).getByLabelText(/Título/), 'Entreno');
    await u.type(within(dialog).getByLabelText(/Mensaje/), 'Sábado');
    await pick(u, 'Prioridad', 'Alta');
    await pick(u, 'Destinatarios: roles', 'Entrenador');
    await pick(u, 'Destinatarios: roles', 'Padre/Acudiente');
    await pick(u, 'Destinatarios: categorías', 'Sub-12');
    await pick(u, 'Enlace opcional', 'Calendario');
    await u.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText('Anuncio enviado a 3 personas')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({
        path: CLUB_PATH,
        body: {
          title: 'Entreno',
          message: 'Sábado',
          roles: ['trainer', 'parent'],
          category_ids: [12],
          priority: 'high',
          action_url: '/home/calendar',
        },
      }),
    ]);
  }, 30_000);

  it('checks the fields before sending and shows the server’s refusal in the dialog', async () => {
    const { calls } = renderHost(
      server(() => [
        422,
        {
          message: announcementMessages.nobody,
          errors: [{ path: 'roles', message: announcementMessages.nobody }],
        },
      ]),
    );
    const u = userEvent.setup();
    const dialog = await openDialog(u);
    await u.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('El título es obligatorio')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await u.type(within(dialog).getByLabelText(/Título/), 'Aviso');
    await u.type(within(dialog).getByLabelText(/Mensaje/), 'Hola');
    await pick(u, 'Destinatarios: roles', 'Contador');
    await u.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(announcementMessages.nobody)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Enviar anuncio' })).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  }, 30_000);

  it('lets the super admin send a system alert to every club instead', async () => {
    const { calls } = renderHost(
      server((call) => [
        201,
        {
          success: true,
          data: { ...answer(call.body as never, 40), kind: 'system_alert', club_id: null },
        },
      ]),
      'Super Admin',
    );
    const u = userEvent.setup();
    const dialog = await openDialog(u);
    await pick(u, 'Para', 'Todos los clubes (alerta del sistema)');
    expect(within(dialog).queryByLabelText('Destinatarios: roles')).toBeNull();
    await u.type(within(dialog).getByLabelText(/Título/), 'Mantenimiento');
    await u.type(within(dialog).getByLabelText(/Mensaje/), 'Esta noche.');
    await u.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText('Anuncio enviado a 40 personas')).toBeVisible();
    const [post] = calls.filter((call) => call.method === 'POST');
    expect(post).toMatchObject({
      path: ALERTS_PATH,
      body: { title: 'Mantenimiento', message: 'Esta noche.', priority: 'high', action_url: null },
    });
    expect(post!.body).not.toHaveProperty('roles');
  });

  it('offers no categories, and never asks for them, to who may announce but not list them', async () => {
    // A club that gives a role communications.create without categories.view (issue #33
    // item 2: a screen never calls what the role may not).
    const owner = userWithRole('Propietario del Club');
    const user = {
      ...owner,
      permissions: owner.permissions.filter((name) => !name.startsWith('categories.')),
      permissions_by_module: { ...owner.permissions_by_module, categories: [] },
    };
    const { calls } = renderRoutes(
      '/home/dashboard',
      [{ path: '/home/dashboard', element: <Host /> }],
      { user, api: server() },
    );
    const u = userEvent.setup();
    const dialog = await openDialog(u);
    expect(within(dialog).getByLabelText('Destinatarios: roles')).toBeVisible();
    expect(within(dialog).queryByLabelText('Destinatarios: categorías')).toBeNull();
    expect(calls.filter((call) => call.path.endsWith('/categories'))).toEqual([]);
  }, 30_000);

  it('is not offered to a trainer (no communications.create)', async () => {
    renderHost(server(), 'Entrenador');
    expect(await screen.findByText('No puede anunciar')).toBeVisible();
  });

  it('fills the screen below 600 px', async () => {
    windowWidth(400);
    renderHost(server());
    const u = userEvent.setup();
    await openDialog(u);
    expect(document.querySelector('.MuiDialog-paperFullScreen')).not.toBeNull();
  });
});
