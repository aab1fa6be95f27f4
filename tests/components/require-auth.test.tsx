import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, userFixture } from './support/render-app';

afterEach(() => localStorage.clear());

describe('the /home guard and the session', () => {
  it('sends a visitor to /login and remembers the page for after the login', async () => {
    const { router } = renderApp('/home/dashboard?vista=semana');

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('redirectAfterLogin')).toBe('/home/dashboard?vista=semana');
  });

  it('shows a progress indicator while a stored session is restored', async () => {
    localStorage.setItem('jwtToken', 'stored-jwt');
    let restore!: () => void;
    const getUser = vi.fn(
      () =>
        new Promise<ReturnType<typeof userFixture>>((resolve) => {
          restore = () => resolve(userFixture('Ana'));
        }),
    );
    const { router } = renderApp('/home/dashboard', { getUser });

    // Once the route has loaded, the guard (not the router's fallback) shows the progress.
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(screen.getByRole('status')).toBeVisible();
    expect(screen.queryByText(/Hola/)).toBeNull();
    restore();
    expect(await screen.findByText('Hola, Ana')).toBeVisible();
  });

  it('forgets a stored token the server refuses, and asks for a login', async () => {
    localStorage.setItem('jwtToken', 'expired-jwt');
    const getUser = vi.fn().mockRejectedValue(new Error('401'));
    const { router } = renderApp('/home/dashboard', { getUser });

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });

  it('redirects /home to /home/dashboard', async () => {
    localStorage.setItem('jwtToken', 'stored-jwt');
    const { router } = renderApp('/home', { getUser: () => Promise.resolve(userFixture('Ana')) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/home/dashboard');
  });

  it('logs out from the dashboard: token gone, back to /login, page not remembered', async () => {
    localStorage.setItem('jwtToken', 'stored-jwt');
    const logout = vi.fn().mockResolvedValue(undefined);
    const { router } = renderApp('/home/dashboard', {
      getUser: () => Promise.resolve(userFixture('Ana')),
      logout,
    });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cerrar Sesión' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(logout).toHaveBeenCalledOnce();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('jwtToken')).toBeNull();
    expect(localStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('shows the Spanish not-found page for an unknown path', async () => {
    renderApp('/no-existe');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeVisible();
  });

  it('shows the landing page with links to log in and register', async () => {
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gestión deportiva' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute('href', '/register');
  });
});
