import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderShell, userWithRole, userWithoutClub } from './support/render-shell';

const preloadRoute = vi.hoisted(() => vi.fn());
vi.mock(import('../../src/app/route-modules'), async (importOriginal) => ({
  ...(await importOriginal()),
  preloadRoute,
}));

beforeEach(() => {
  localStorage.clear();
  // The welcome overlay has its own test; here it would cover the menu.
  localStorage.setItem('hasSeenOverlay', 'true');
  preloadRoute.mockClear();
});

const menu = async () => within(await screen.findByRole('navigation', { name: 'Menú principal' }));

describe('the sidebar', () => {
  it('links the logo to the landing page', async () => {
    renderShell();
    expect((await menu()).queryByRole('link', { name: 'Gestión deportiva' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Gestión deportiva' })).toHaveAttribute('href', '/');
  });

  it('shows the owner every club item and the Administración section', async () => {
    renderShell('/home/dashboard', { user: userWithRole('Propietario del Club') });
    const nav = await menu();
    await nav.findByRole('link', { name: 'Jugadores' });
    for (const [label, href] of [
      ['Dashboard', '/home/dashboard'],
      ['Club / Equipo', '/home/club-team'],
      ['Categorías', '/home/categories'],
      ['Entrenadores', '/home/trainers'],
      ['Jugadores', '/home/players'],
      ['Calendario', '/home/calendar'],
      ['Pagos', '/home/payments'],
      ['Descuentos', '/home/discounts'],
      ['Cobros', '/home/chargers'],
      ['Configuración', '/home/admin/payment_methods'],
      ['Gestión de Roles', '/home/admin/roles'],
      ['Asignación de Roles a Usuarios', '/home/admin/users-roles'],
    ]) {
      expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(nav.getByText('Parametrización')).toBeInTheDocument();
    expect(nav.getByRole('list', { name: 'Administración' })).toBeInTheDocument();
    expect(nav.queryByText('Sistema', { exact: true })).toBeNull();
  });

  it('hides Administración and the modules a trainer lacks', async () => {
    renderShell('/home/dashboard', { user: userWithRole('Entrenador') });
    const nav = await menu();
    await nav.findByRole('link', { name: 'Jugadores' });
    expect(nav.getByRole('link', { name: 'Calendario' })).toBeInTheDocument();
    expect(nav.queryByText('Administración', { exact: true })).toBeNull();
    expect(nav.queryByText('Parametrización')).toBeNull();
    for (const label of [
      'Club / Equipo',
      'Categorías',
      'Entrenadores',
      'Pagos',
      'Gestión de Roles',
    ]) {
      expect(nav.queryByRole('link', { name: label })).toBeNull();
    }
  });

  it('shows the super admin Super Administración and Sistema with its six items', async () => {
    renderShell('/home/dashboard', { user: userWithRole('Super Admin', { is_super_admin: true }) });
    const nav = await menu();
    await nav.findByText('Super Administración');
    expect(nav.queryByText('Administración', { exact: true })).toBeNull();
    const system = nav.getByRole('list', { name: 'Sistema' });
    expect(
      within(system)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Administración del Sistema',
      'Análisis Global',
      'Reportes del Sistema',
      'Comunicaciones Masivas',
      'Gestión Web y Blog',
      'Panel Super Admin',
    ]);
    expect(nav.getByRole('link', { name: 'Panel Super Admin' })).toHaveAttribute(
      'href',
      '/home/admin/super-admin-panel',
    );
  });

  it('greys the club items without a club but keeps Dashboard and Club / Equipo', async () => {
    const user = userEvent.setup();
    renderShell('/home/club-team', { user: userWithoutClub() });
    const nav = await menu();
    const jugadores = await nav.findByRole('link', { name: 'Jugadores' });
    expect(jugadores).toHaveAttribute('aria-disabled', 'true');
    expect(jugadores).not.toHaveAttribute('href');
    expect(jugadores).toHaveAttribute('tabindex', '-1');
    for (const label of [
      'Categorías',
      'Entrenadores',
      'Calendario',
      'Pagos',
      'Descuentos',
      'Cobros',
      'Configuración',
    ]) {
      expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/home/dashboard');
    expect(nav.getByRole('link', { name: 'Club / Equipo' })).not.toHaveAttribute('aria-disabled');

    await user.hover(jugadores.closest('li')!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Selecciona un club para continuar',
    );
    // Not clickable: the pointer passes through, and even a forced click goes nowhere.
    expect(getComputedStyle(jugadores).pointerEvents).toBe('none');
    await userEvent.setup({ pointerEventsCheck: 0 }).click(jugadores);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('/home/club-team');
  });

  it.each([
    ['/home/club-team', 'Club / Equipo'],
    ['/home/create-club-team', 'Club / Equipo'],
    ['/home/create-club-team/4', 'Club / Equipo'],
    ['/home/players', 'Jugadores'],
    ['/home/player-create/12', 'Jugadores'],
    ['/home/admin/payment_methods', 'Configuración'],
  ])('marks the current page on %s: %s', async (path, label) => {
    renderShell(path);
    const nav = await menu();
    const link = await nav.findByRole('link', { name: label });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveClass('Mui-selected');
    expect(nav.getAllByRole('link').filter((l) => l.getAttribute('aria-current'))).toHaveLength(1);
  });

  it('preloads the page of an item on hover and on focus', async () => {
    const user = userEvent.setup();
    renderShell();
    const nav = await menu();
    await user.hover(await nav.findByRole('link', { name: 'Calendario' }));
    expect(preloadRoute).toHaveBeenCalledWith('/home/calendar');
    nav.getByRole('link', { name: 'Pagos' }).focus();
    expect(preloadRoute).toHaveBeenCalledWith('/home/payments');
  });

  it('navigates on click', async () => {
    const user = userEvent.setup();
    const { router } = renderShell();
    await user.click(await (await menu()).findByRole('link', { name: 'Categorías' }));
    expect(router.state.location.pathname).toBe('/home/categories');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('/home/categories');
  });

  it('keeps compact mode (icons only, no headings) across a reload', async () => {
    const user = userEvent.setup();
    const first = renderShell();
    const nav = await menu();
    await nav.findByText('Parametrización');
    expect(screen.getByText('Actualizar a Pro')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Contraer menú' }));
    expect(nav.queryByText('Parametrización')).toBeNull();
    expect(nav.queryByText('Administración', { exact: true })).toBeNull();
    // The labels stay the links' names for screen readers, and a tooltip on hover.
    expect(nav.getByRole('link', { name: 'Jugadores' })).toBeInTheDocument();
    expect(screen.queryByText('Actualizar a Pro')).toBeNull();
    expect(localStorage.getItem('sidebarCompact')).toBe('true');
    first.unmount();

    renderShell();
    const again = await menu();
    await again.findByRole('link', { name: 'Jugadores' });
    expect(again.queryByText('Parametrización')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Expandir menú' }));
    expect(again.getByText('Parametrización')).toBeInTheDocument();
    expect(localStorage.getItem('sidebarCompact')).toBe('false');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Contraer menú' })).toBeVisible(),
    );
  });

  it('keeps each section heading out of its list, which it names', async () => {
    renderShell('/home/dashboard', { user: userWithRole('Propietario del Club') });
    const nav = await menu();
    const list = await nav.findByRole('list', { name: 'Administración' });
    // A <ul> may hold only <li>: the heading is the list's label, beside it.
    expect([...list.children].every((child) => child.tagName === 'LI')).toBe(true);
    expect(list.previousElementSibling).toHaveTextContent('Administración');
  });
});

describe('the skip link', () => {
  it('is the first Tab stop and moves the focus to the main content', async () => {
    const user = userEvent.setup();
    renderShell();
    await (await menu()).findByRole('link', { name: 'Jugadores' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Saltar al contenido principal' });
    expect(skip).toHaveFocus();
    const main = screen.getByRole('main');
    expect(skip).toHaveAttribute('href', `#${main.id}`);
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });
});
