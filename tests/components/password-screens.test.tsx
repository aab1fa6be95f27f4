import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { MessageResponse } from '../../contract/auth.schema';
import {
  passwordFormMachine,
  type PasswordFormValues,
} from '../../src/machines/auth-password.actors';
import { ForgotPasswordScreen } from '../../src/screens/auth/forgot-password-screen';
import { ResetPasswordScreen } from '../../src/screens/auth/reset-password-screen';
import { serverRefusal } from './support/render-app';

/** The form's machine with its `save` actor faked: the API is replaced at the actor level. */
const withSubmit = (submit: (values: PasswordFormValues) => Promise<MessageResponse>) =>
  passwordFormMachine.provide({
    actors: {
      save: fromPromise<MessageResponse, { subject: null; values: PasswordFormValues }>(
        ({ input }) => submit(input.values),
      ),
    },
  });

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/forgot-password', element },
      { path: '/reset-password', element },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe('forgot-password screen', () => {
  it('sends the email and shows the server’s message', async () => {
    const submit = vi.fn().mockResolvedValue({ message: 'Revisa tu correo.' });
    renderAt('/forgot-password', <ForgotPasswordScreen logic={withSubmit(submit)} />);
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { level: 1, name: 'Recuperar contraseña' })).toBeVisible();
    await user.type(screen.getByLabelText('Correo electrónico'), 'Ana@Demo.club');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Revisa tu correo.');
    expect(submit).toHaveBeenCalledWith({ email: 'ana@demo.club' });
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('refuses an empty email before calling the server', async () => {
    const submit = vi.fn();
    renderAt('/forgot-password', <ForgotPasswordScreen logic={withSubmit(submit)} />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar enlace' }));

    expect(await screen.findByText('El correo es obligatorio')).toBeVisible();
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('reset-password screen', () => {
  const link = '/reset-password?token=abc123&email=ana%40demo.club';

  it('sends token, email and the new password, then links to the login', async () => {
    const submit = vi.fn().mockResolvedValue({ message: 'Tu contraseña fue restablecida.' });
    renderAt(link, <ResetPasswordScreen logic={withSubmit(submit)} />);
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { level: 1, name: 'Restablecer contraseña' })).toBeVisible();
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva1234');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva1234');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Tu contraseña fue restablecida.');
    expect(submit).toHaveBeenCalledWith({
      token: 'abc123',
      email: 'ana@demo.club',
      password: 'Nueva1234',
      password_confirmation: 'Nueva1234',
    });
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it('shows the server’s refusal of an expired link', async () => {
    const submit = vi.fn().mockRejectedValue(
      serverRefusal(422, 'El enlace para restablecer la contraseña no es válido o ha expirado.', {
        token: 'El enlace para restablecer la contraseña no es válido o ha expirado.',
      }),
    );
    renderAt(link, <ResetPasswordScreen logic={withSubmit(submit)} />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva1234');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva1234');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('no es válido o ha expirado');
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toBeVisible();
  });

  it('says the link is not valid when it has no token', () => {
    renderAt('/reset-password', <ResetPasswordScreen logic={withSubmit(vi.fn())} />);

    expect(screen.getByRole('alert')).toHaveTextContent(
      'El enlace para restablecer la contraseña no es válido o ha expirado.',
    );
  });
});
