import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '../../src/components/shell/notification-bell';
import {
  TEST_WHATSAPP_PHONE,
  renderShell,
  userWithRole,
  userWithoutClub,
} from './support/render-shell';

// Hovering and focusing items would start loading the real screens; not this file's concern.
vi.mock(import('../../src/app/route-modules'), async (importOriginal) => ({
  ...(await importOriginal()),
  preloadRoute: () => {},
}));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hasSeenOverlay', 'true');
});

describe('the top bar', () => {
  it('shows the selected club as a link to club-team and the short name of the user', async () => {
    renderShell('/home/dashboard', { user: userWithRole('Propietario del Club') });
    const club = await screen.findByRole('link', { name: 'Club Deportivo Demo' });
    expect(club).toHaveAttribute('href', '/home/club-team');
    expect(screen.getByText('Pedro Propietario')).toBeInTheDocument();
    expect(screen.queryByText(/Ramírez/)).toBeNull();
    expect(
      within(screen.getByRole('button', { name: /^Menú de usuario/ })).getByText('PP'),
    ).toBeInTheDocument();
    // What the avatar shows is in its name, so voice control can say it.
    expect(screen.getByRole('button', { name: /^Menú de usuario/ })).toHaveAccessibleName(
      'Menú de usuario PP',
    );
  });

  it('never underlines the club name, expanded or compact', async () => {
    const user = userEvent.setup();
    renderShell('/home/dashboard', { user: userWithRole('Propietario del Club') });
    const club = await screen.findByRole('link', { name: 'Club Deportivo Demo' });
    expect(club).toHaveClass('MuiLink-underlineNone');
    await user.click(screen.getByRole('button', { name: 'Contraer menú' }));
    await user.hover(screen.getByRole('link', { name: 'Club Deportivo Demo' }));
    expect(screen.getByRole('link', { name: 'Club Deportivo Demo' })).toHaveClass(
      'MuiLink-underlineNone',
    );
    expect(getComputedStyle(club).textDecorationLine || 'none').toBe('none');
  });

  it('says no club is selected, still linking to club-team', async () => {
    renderShell('/home/dashboard', { user: userWithoutClub() });
    const link = await screen.findByRole('link', { name: 'Sin club seleccionado' });
    expect(link).toHaveAttribute('href', '/home/club-team');
    expect(screen.getByText('Sofía Sin')).toBeInTheDocument();
  });

  it('has the bell without a badge while nothing is unread', async () => {
    renderShell();
    const bell = await screen.findByRole('button', { name: 'Notificaciones' });
    expect(bell.querySelector('.MuiBadge-badge')).toHaveClass('MuiBadge-invisible');
  });

  it('logs out from the user menu and leaves the private page', async () => {
    const user = userEvent.setup();
    const logout = vi.fn(() => Promise.resolve());
    const { router } = renderShell('/home/players', { api: { logout } });
    await user.click(await screen.findByRole('button', { name: /^Menú de usuario/ }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Mi Cuenta',
      'Configuración',
      'Soporte',
      'Cerrar sesión en todos los dispositivos',
      'Cerrar Sesión',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('logs out on every device: POST /api/logout-all, then this tab leaves the private page', async () => {
    const user = userEvent.setup();
    const logout = vi.fn(() => Promise.resolve());
    const { router } = renderShell('/home/players', { api: { logout } });
    const calls: string[] = [];
    const answerConfig = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (!request.url.endsWith('/api/logout-all')) return answerConfig(input, init);
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      calls.push(request.headers.get('authorization') ?? 'sin token');
      return Promise.resolve(new Response(null, { status: 204 }));
    });

    await user.click(await screen.findByRole('button', { name: /^Menú de usuario/ }));
    await user.click(
      screen.getByRole('menuitem', { name: 'Cerrar sesión en todos los dispositivos' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual(['POST /api/logout-all', 'Bearer token-de-prueba']);
    // The server already ended this session too: no second call.
    expect(logout).not.toHaveBeenCalled();
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });

  it('opens the account and settings pages, and support on WhatsApp in a new tab', async () => {
    const user = userEvent.setup();
    const { router } = renderShell();
    await user.click(await screen.findByRole('button', { name: /^Menú de usuario/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Mi Cuenta' }));
    expect(router.state.location.pathname).toBe('/home/account');

    await user.click(screen.getByRole('button', { name: /^Menú de usuario/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Configuración' }));
    expect(router.state.location.pathname).toBe('/home/settings');

    await user.click(screen.getByRole('button', { name: /^Menú de usuario/ }));
    const support = screen.getByRole('menuitem', { name: 'Soporte' });
    expect(support).toHaveAttribute(
      'href',
      expect.stringMatching(`^https://wa.me/${TEST_WHATSAPP_PHONE}\\?text=`),
    );
    expect(support).toHaveAttribute('target', '_blank');
    expect(support).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    ['a trainer', () => userWithRole('Entrenador')],
    ['a parent', () => userWithRole('Padre/Acudiente')],
    ['a user without a club', userWithoutClub],
  ])('offers Configuración to every signed-in user (%s): their own settings', async (_, who) => {
    const user = userEvent.setup();
    const { router } = renderShell('/home/dashboard', { user: who() });
    await user.click(await screen.findByRole('button', { name: /^Menú de usuario/ }));
    const settings = screen.getByRole('menuitem', { name: 'Configuración' });
    expect(settings).not.toHaveAttribute('aria-disabled');
    await user.click(settings);
    expect(router.state.location.pathname).toBe('/home/settings');
  });
});

describe('the user menu by keyboard', () => {
  it('opens with Enter and reaches Cerrar Sesión with the arrow keys', async () => {
    const user = userEvent.setup();
    const logout = vi.fn(() => Promise.resolve());
    const { router } = renderShell('/home/players', { api: { logout } });
    (await screen.findByRole('button', { name: /^Menú de usuario/ })).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Mi Cuenta' })).toHaveFocus(),
    );
    // Up from the first item wraps to the last one.
    await user.keyboard('{ArrowUp}');
    const logoutItem = within(menu).getByRole('menuitem', { name: 'Cerrar Sesión' });
    expect(logoutItem).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logout).toHaveBeenCalledTimes(1);
  });
});

describe('the notification badge', () => {
  it.each([
    [0, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [150, '99+'],
  ])('shows %i unread as %s', (count, text) => {
    render(<NotificationBell unreadCount={count} />);
    const bell = screen.getByRole('button', { name: /^Notificaciones/ });
    // The count the badge shows is in the bell's name.
    expect(bell).toHaveAccessibleName(
      text === null ? 'Notificaciones' : `Notificaciones: ${text} sin leer`,
    );
    const badge = bell.querySelector('.MuiBadge-badge');
    if (text === null) expect(badge).toHaveClass('MuiBadge-invisible');
    else {
      expect(badge).not.toHaveClass('MuiBadge-invisible');
      expect(badge).toHaveTextContent(text, { normalizeWhitespace: true });
      expect(badge?.textContent).toBe(text);
    }
  });
});

describe('the phone layout', () => {
  const setWidth = (width: number) =>
    (
      window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }
    ).happyDOM.setViewport({
      width,
    });
  beforeEach(() => setWidth(390));
  afterEach(() => setWidth(1024));

  it('hides the menu behind a drawer titled Menú de navegación that closes on navigation', async () => {
    const user = userEvent.setup();
    const { router } = renderShell();
    const open = await screen.findByRole('button', { name: 'Abrir menú de navegación' });
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Contraer menú' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Notificaciones' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Menú de usuario/ })).toBeInTheDocument();

    await user.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Menú de navegación' });
    expect(within(drawer).getByRole('heading', { name: 'Menú de navegación' })).toBeInTheDocument();
    const nav = within(drawer).getByRole('navigation', { name: 'Menú principal' });
    await user.click(within(nav).getByRole('link', { name: 'Categorías' }));

    expect(router.state.location.pathname).toBe('/home/categories');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Menú de navegación' })).toBeNull(),
    );
  });
});
