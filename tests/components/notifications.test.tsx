import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../contract/notifications.schema';
import { NotificationBell } from '../../src/components/shell/notification-bell';
import { renderShell } from './support/render-shell';

// Hovering and focusing items would start loading the real screens; not this file's concern.
vi.mock(import('../../src/app/route-modules'), async (importOriginal) => ({
  ...(await importOriginal()),
  preloadRoute: () => {},
}));

const item = (id: number, over: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  title: `Aviso ${id}`,
  message: `Mensaje del aviso ${id}`,
  type: 'payment_due',
  priority: 'medium',
  status: 'unread',
  read_at: null,
  created_at: '2026-11-24T09:00:00.000Z',
  club: { name: 'Club Deportivo Demo' },
  is_read: false,
  time_ago: 'Hace 5 min',
  club_name: 'Club Deportivo Demo',
  data: {},
  ...over,
});
const asRead = (n: NotificationItem): NotificationItem => ({ ...n, is_read: true, status: 'read' });

/**
 * The server's /api/notifications answered in memory (the component tests have no
 * network); every request is recorded as 'METHOD /path'.
 */
function fakeNotificationsServer(
  initial: NotificationItem[],
  options: { failChanges?: boolean } = {},
) {
  let items = [...initial];
  const requests: string[] = [];
  const answerBefore = globalThis.fetch;
  const json = (body: unknown, status = 200) => Promise.resolve(Response.json(body, { status }));
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/notifications')) return answerBefore(input, init);
    requests.push(
      `${request.method} ${url.pathname}${url.search.includes('before') ? `?before=${url.searchParams.get('before')}` : ''}`,
    );
    const unread = items.filter((n) => !n.is_read);
    const path = url.pathname.replace('/api/notifications', '');
    if (request.method !== 'GET' && options.failChanges) {
      return json({ message: 'Error del servidor', errors: [] }, 503);
    }
    if (path === '/unread-count') return json({ success: true, data: { count: unread.length } });
    if (path === '/dropdown') {
      return json({ success: true, data: items.slice(0, 5), unread_count: unread.length });
    }
    if (path === '/stats') {
      const high = unread.filter((n) => n.priority === 'urgent' || n.priority === 'high');
      return json({
        success: true,
        data: { total: items.length, unread: unread.length, high_priority: high.length, recent: 1 },
      });
    }
    if (path === '') {
      // Newest first as listed; `before`: the page after that one.
      const before = Number(url.searchParams.get('before') ?? 0);
      const from = before ? items.findIndex((n) => n.id === before) + 1 : 0;
      return json({ success: true, data: items.slice(from, from + 50) });
    }
    const id = Number(/\/(\d+)/.exec(path)?.[1]);
    if (path === '/mark-all-read') {
      items = items.map(asRead);
      return json({ success: true, data: { updated_count: unread.length } });
    }
    if (path.endsWith('/read')) {
      items = items.map((n) => (n.id === id ? asRead(n) : n));
      return json({ success: true, data: items.find((n) => n.id === id) });
    }
    items = items.filter((n) => n.id !== id);
    return json({ success: true, data: { id } });
  });
  return { requests };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hasSeenOverlay', 'true');
});

describe('the bell', () => {
  it("caps its badge at '99+' and says the count in its name", () => {
    render(<NotificationBell unreadCount={150} />);
    const bell = screen.getByRole('button', { name: 'Notificaciones: 99+ sin leer' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();
  });

  it('shows the real unread count from the server', async () => {
    const view = renderShell();
    fakeNotificationsServer([item(1), item(2), asRead(item(3))]);
    expect(await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' })).toBeVisible();
    view.unmount();
  });
});

describe('the dropdown', () => {
  it('lists the 5 latest and opens the screen of the one clicked, marking it read', async () => {
    const user = userEvent.setup();
    const { router } = renderShell();
    const latest = [
      item(1, { title: 'Cuota de noviembre vencida', data: { action_url: '/home/payments' } }),
      ...[2, 3, 4, 5, 6].map((id) => item(id)),
    ];
    const server = fakeNotificationsServer(latest);
    await user.click(await screen.findByRole('button', { name: 'Notificaciones: 6 sin leer' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Notificaciones' });
    const entries = within(dropdown).getAllByRole('button', { name: /Aviso|Cuota/ });
    expect(entries).toHaveLength(5);
    expect(within(dropdown).getAllByText('Hace 5 min · Club Deportivo Demo')).toHaveLength(5);
    await user.click(within(dropdown).getByRole('button', { name: /Cuota de noviembre vencida/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/payments'));
    await waitFor(() => expect(server.requests).toContain('PATCH /api/notifications/1/read'));
    expect(await screen.findByRole('button', { name: 'Notificaciones: 5 sin leer' })).toBeVisible();
  });

  it("says 'No hay notificaciones' when there are none", async () => {
    const user = userEvent.setup();
    renderShell();
    const server = fakeNotificationsServer([]);
    await waitFor(() => expect(server.requests).toContain('GET /api/notifications/dropdown'));
    await user.click(screen.getByRole('button', { name: 'Notificaciones' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(within(dropdown).getByText('No hay notificaciones')).toBeVisible();
  });
});

describe('the notification centre', () => {
  const three = [
    item(1, { title: 'Pago urgente', priority: 'urgent' }),
    item(2, { title: 'Entrenamiento movido', type: 'training_update' }),
    asRead(item(3, { title: 'Anuncio leído', type: 'club_announcement', priority: 'low' })),
  ];

  async function openCentre(items: NotificationItem[], options = {}) {
    const user = userEvent.setup();
    renderShell();
    const server = fakeNotificationsServer(items, options);
    await waitFor(() => expect(server.requests).toContain('GET /api/notifications/dropdown'));
    await user.click(screen.getByRole('button', { name: /^Notificaciones/ }));
    await user.click(await screen.findByRole('button', { name: 'Ver todas las notificaciones' }));
    const centre = await screen.findByRole('dialog', { name: 'Centro de Notificaciones' });
    return { user, centre, server };
  }

  it('shows the tiles and the tabs with their counts, filtering the loaded list', async () => {
    const { user, centre, server } = await openCentre(three);
    expect(await within(centre).findByRole('tab', { name: 'Todas (3)' })).toBeVisible();
    expect(within(centre).getByRole('tab', { name: 'Sin leer (2)' })).toBeVisible();
    expect(within(centre).getByRole('tab', { name: 'Leídas (1)' })).toBeVisible();
    const tile = (label: string) => within(centre).getByText(label).nextElementSibling;
    expect(tile('Total')).toHaveTextContent('3');
    expect(tile('Urgentes')).toHaveTextContent('1');
    expect(within(centre).getByText('Urgente')).toBeVisible();
    const listed = server.requests.length;
    await user.click(within(centre).getByRole('tab', { name: 'Leídas (1)' }));
    expect(within(centre).getByText('Anuncio leído')).toBeVisible();
    expect(within(centre).queryByText('Pago urgente')).toBeNull();
    // A filter of what is loaded: no call per tab.
    expect(server.requests).toHaveLength(listed);
  });

  it(
    'counts the tabs as the server does and loads the items past 50 with «Cargar más»',
    { timeout: 60_000 },
    async () => {
      // 57, the newest 40 unread: tiles and tabs say 57 / 40 / 17, though the first page
      // holds 50 (the issue's tabs 50 / 50 / 0 counted the page).
      const many = Array.from({ length: 57 }, (_, index) =>
        index < 40 ? item(index + 1) : asRead(item(index + 1)),
      );
      const { user, centre, server } = await openCentre(many);
      expect(await within(centre).findByRole('tab', { name: 'Todas (57)' })).toBeVisible();
      expect(within(centre).getByRole('tab', { name: 'Sin leer (40)' })).toBeVisible();
      expect(within(centre).getByRole('tab', { name: 'Leídas (17)' })).toBeVisible();
      const list = within(centre).getByRole('list', { name: 'Notificaciones' });
      // Counted by the DOM: role queries over many items take seconds each.
      const rows = () => list.querySelectorAll(':scope > li').length;
      expect(rows()).toBe(50);
      expect(within(list).queryByText('Aviso 51')).toBeNull();

      await user.click(within(centre).getByRole('button', { name: 'Cargar más' }));
      expect(await within(list).findByText('Aviso 57')).toBeVisible();
      expect(server.requests).toContain('GET /api/notifications?before=50');
      expect(rows()).toBe(57);
      // All loaded: nothing more to ask for; the read tab lists its 17.
      expect(within(centre).queryByRole('button', { name: 'Cargar más' })).toBeNull();
      await user.click(within(centre).getByRole('tab', { name: 'Leídas (17)' }));
      expect(rows()).toBe(17);
    },
  );

  it("says 'No hay notificaciones' for an empty tab", async () => {
    const { user, centre } = await openCentre([asRead(item(3))]);
    await user.click(await within(centre).findByRole('tab', { name: 'Sin leer (0)' }));
    expect(within(centre).getByText('No hay notificaciones')).toBeVisible();
  });

  it("marks all as read, saying how many ('Todas marcadas como leídas (2)')", async () => {
    const { user, centre } = await openCentre(three);
    await user.click(await within(centre).findByRole('button', { name: 'Marcar todas' }));
    expect(await screen.findByText('Todas marcadas como leídas (2)')).toBeVisible();
    expect(within(centre).getByRole('tab', { name: 'Sin leer (0)' })).toBeVisible();
  });

  it('asks before deleting, then deletes it', async () => {
    const { user, centre, server } = await openCentre(three);
    const actions = await within(centre).findAllByRole('button', {
      name: 'Acciones de la notificación',
    });
    await user.click(actions[0]!);
    await user.click(screen.getByRole('menuitem', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar la notificación?' });
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Eliminada')).toBeVisible();
    expect(server.requests).toContain('DELETE /api/notifications/1');
    expect(within(centre).queryByText('Pago urgente')).toBeNull();
  });

  it("puts an archived one back when the server refuses ('No se pudo archivar la notificación')", async () => {
    const { user, centre } = await openCentre(three, { failChanges: true });
    const actions = await within(centre).findAllByRole('button', {
      name: 'Acciones de la notificación',
    });
    await user.click(actions[1]!);
    await user.click(screen.getByRole('menuitem', { name: 'Archivar' }));
    expect(await screen.findByText('No se pudo archivar la notificación')).toBeVisible();
    expect(within(centre).getByText('Entrenamiento movido')).toBeVisible();
  });
});
