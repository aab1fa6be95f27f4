import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, serverRefusal, userFixture } from './support/render-app';

afterEach(() => localStorage.clear());

const fillAndSubmit = async (email: string, password: string) => {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText('Correo electrónico'), email);
  if (password) await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  return user;
};

describe('login screen', () => {
  it('shows the shared schema’s Spanish messages and calls nobody when the form is empty', async () => {
    const login = vi.fn();
    renderApp('/login', { login });

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await fillAndSubmit('', '');

    expect(await screen.findByText('El correo es obligatorio')).toBeVisible();
    expect(screen.getByText('La contraseña es obligatoria')).toBeVisible();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    expect(login).not.toHaveBeenCalled();
  });

  it('refuses a malformed email with the contract’s message', async () => {
    const login = vi.fn();
    renderApp('/login', { login });

    await fillAndSubmit('ana@', 'secreto123');

    expect(await screen.findByText('El correo no es válido')).toBeVisible();
    expect(login).not.toHaveBeenCalled();
  });

  it('shows the server’s 401 message in an alert and keeps the typed email', async () => {
    const login = vi.fn().mockRejectedValue(serverRefusal(401, 'Credenciales inválidas'));
    renderApp('/login', { login });

    await fillAndSubmit('Beto@Demo.club', 'equivocada1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales inválidas');
    // The contract lower-cases the email before it is sent.
    expect(login).toHaveBeenCalledWith({ email: 'beto@demo.club', password: 'equivocada1' });
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('Beto@Demo.club');
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  });

  it('puts the server’s field errors on the fields', async () => {
    const login = vi
      .fn()
      .mockRejectedValue(
        serverRefusal(400, 'Datos inválidos', { email: 'El correo no es válido' }),
      );
    renderApp('/login', { login });

    await fillAndSubmit('beto@demo.club', 'Demo1234!');

    expect(await screen.findByRole('alert')).toHaveTextContent('Datos inválidos');
    expect(screen.getByText('El correo no es válido')).toBeVisible();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables the button with a progress indicator while the call runs', async () => {
    let finish!: () => void;
    const login = vi.fn(
      () =>
        new Promise<never>((_, reject) => {
          finish = () => reject(serverRefusal(401, 'Credenciales inválidas'));
        }),
    );
    renderApp('/login', { login });

    await fillAndSubmit('beto@demo.club', 'Demo1234!');

    const button = screen.getByRole('button', { name: 'Iniciar sesión' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    finish();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('goes to the page remembered in redirectAfterLogin, and forgets it', async () => {
    localStorage.setItem('redirectAfterLogin', '/home/dashboard?vista=semana');
    const login = vi.fn().mockResolvedValue({ token: 'jwt-1', user: userFixture('Beto') });
    const { router } = renderApp('/login', { login });

    await fillAndSubmit('beto@demo.club', 'Demo1234!');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/home/dashboard?vista=semana',
    );
    expect(localStorage.getItem('redirectAfterLogin')).toBeNull();
    expect(localStorage.getItem('jwtToken')).toBe('jwt-1');
  });

  it('goes to the dashboard when nothing was remembered', async () => {
    const login = vi.fn().mockResolvedValue({ token: 'jwt-1', user: userFixture('Beto') });
    const { router } = renderApp('/login', { login });

    await fillAndSubmit('beto@demo.club', 'Demo1234!');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/home/dashboard');
  });

  it('sends a user who is already signed in to the dashboard', async () => {
    localStorage.setItem('jwtToken', 'stored-jwt');
    const getUser = vi.fn().mockResolvedValue(userFixture('Ana'));
    const { router } = renderApp('/login', { getUser });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/home/dashboard');
  });

  it('links to the forgot-password and register pages', async () => {
    renderApp('/login');

    expect(await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Crear una cuenta' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('autocomplete', 'current-password');
  });
});
