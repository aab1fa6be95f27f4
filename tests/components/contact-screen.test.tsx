import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../../contract/contact-messages.schema';
import { ContactScreen } from '../../src/screens/public/contact-screen';
import { renderRoutes, type ServerHandler } from './support/render-routes';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const renderContact = (api: ServerHandler) =>
  renderRoutes('/contact', [{ path: '/contact', element: <ContactScreen /> }], {
    user: null,
    api,
  });

const accepted: ServerHandler = () => [
  201,
  { data: { id: 4, created_at: '2026-11-24T10:00:00.000Z' }, message: contactMessages.received },
];

async function fill(user: ReturnType<typeof userEvent.setup>, message: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Nombre' }), 'Laura Gómez');
  await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'laura@club.co');
  await user.type(screen.getByRole('textbox', { name: 'Mensaje' }), message);
}

describe('the contact page', () => {
  it('refuses an empty form in Spanish without calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderContact(accepted);
    await user.click(await screen.findByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeVisible();
    expect(screen.getByText('El correo es obligatorio')).toBeVisible();
    expect(screen.getByText('El mensaje es obligatorio')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Mensaje' }), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('El mensaje debe tener al menos 10 caracteres')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('sends the message, shows the thanks and can start another', async () => {
    const user = userEvent.setup();
    const { calls } = renderContact(accepted);
    await fill(user, 'Quiero una demostración para mi escuela.');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText(contactMessages.received)).toBeVisible();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/contact-messages',
        body: {
          name: 'Laura Gómez',
          email: 'laura@club.co',
          subject: null,
          message: 'Quiero una demostración para mi escuela.',
        },
      }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Enviar otro mensaje' }));
    expect(await screen.findByRole('textbox', { name: 'Nombre' })).toHaveValue('');
  });

  it("shows the server's refusal (too many messages) and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderContact(() => [
      429,
      {
        message:
          'Demasiadas solicitudes desde tu conexión. Espera un momento e inténtalo de nuevo.',
      },
    ]);
    await fill(user, 'Un mensaje que no pasa el límite.');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText(/Demasiadas solicitudes/)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveValue(
        'Un mensaje que no pasa el límite.',
      ),
    );
  });

  it("puts the server's field error on its field", async () => {
    const user = userEvent.setup();
    renderContact(() => [
      400,
      {
        message: 'El correo no es válido',
        errors: [{ path: 'email', message: 'El correo no es válido' }],
      },
    ]);
    await fill(user, 'Un mensaje suficientemente largo.');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', { name: 'Correo electrónico' }),
      ).toHaveAccessibleDescription('El correo no es válido'),
    );
  });
});
