import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appConfigQueryKey } from '../../src/api/app-config.api';
import { WhatsAppButton } from '../../src/components/shell/whatsapp-button';
import { WHATSAPP_GREETING } from '../../src/components/shell/whatsapp-link';
import { TEST_WHATSAPP_PHONE, renderShell, userWithRole } from './support/render-shell';

vi.mock(import('../../src/app/route-modules'), async (importOriginal) => ({
  ...(await importOriginal()),
  preloadRoute: () => {},
}));

const WELCOME = '¡Bienvenido a Gestión deportiva!';

beforeEach(() => localStorage.clear());

describe('the welcome overlay', () => {
  it('shows once: Comenzar closes it for good, across reloads and logins', async () => {
    const user = userEvent.setup();
    const first = renderShell();
    const overlay = await screen.findByRole('dialog', { name: WELCOME });
    expect(overlay).toHaveTextContent('menú');
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: WELCOME })).toBeNull());
    expect(localStorage.getItem('hasSeenOverlay')).toBe('true');
    first.unmount();

    // A reload (a new app on the same storage), and the logout that forgets the session.
    const second = renderShell();
    await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(screen.queryByRole('dialog', { name: WELCOME })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Menú de usuario/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('hasSeenOverlay')).toBe('true');
    second.unmount();

    renderShell();
    await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(screen.queryByRole('dialog', { name: WELCOME })).toBeNull();
  });

  it('counts closing it with Escape as seen', async () => {
    const user = userEvent.setup();
    renderShell();
    await screen.findByRole('dialog', { name: WELCOME });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: WELCOME })).toBeNull());
    expect(localStorage.getItem('hasSeenOverlay')).toBe('true');
  });

  it('points a club owner at the set-up checklist on the Tablero, and nobody else', async () => {
    const owner = renderShell();
    expect(await screen.findByRole('dialog', { name: WELCOME })).toHaveTextContent(
      /En el Tablero, la lista «Configura tu club» te guía paso a paso/,
    );
    owner.unmount();

    renderShell('/home/dashboard', { user: userWithRole('Contador') });
    const overlay = await screen.findByRole('dialog', { name: WELCOME });
    expect(overlay).toHaveTextContent('menú');
    expect(overlay).not.toHaveTextContent('Configura tu club');
  });
});

describe('the upgrade card and dialog', () => {
  beforeEach(() => localStorage.setItem('hasSeenOverlay', 'true'));

  it('invites to Pro and opens the dialog; Solicitar only logs and closes', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { router } = renderShell();
    await screen.findByText('Actualizar a Pro');
    expect(
      screen.getByText(
        'Desbloquea todas las funciones y obtén acceso ilimitado a nuestro equipo de soporte.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar a Pro' });
    expect(dialog).toHaveTextContent(
      'Te enviaremos un correo con un descuento cuando las funciones Pro estén disponibles.',
    );
    await user.click(screen.getByRole('button', { name: 'Solicitar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Actualizar a Pro' })).toBeNull(),
    );
    expect(info).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/home/dashboard');
    info.mockRestore();
  });

  it('closes on Cancelar without logging anything', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    renderShell();
    await user.click(await screen.findByRole('button', { name: 'Actualizar' }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Actualizar a Pro' })).toBeNull(),
    );
    expect(info).not.toHaveBeenCalled();
    info.mockRestore();
  });
});

describe('the WhatsApp button', () => {
  beforeEach(() => localStorage.setItem('hasSeenOverlay', 'true'));

  it('links to the support chat with the greeting, in a new tab, low on /home pages', async () => {
    const user = userEvent.setup();
    renderShell();
    const help = await screen.findByRole('link', { name: '¿Necesitas ayuda? Escríbenos' });
    const href = new URL(help.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${TEST_WHATSAPP_PHONE}`);
    expect(href.searchParams.get('text')).toBe(WHATSAPP_GREETING);
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    expect(help).toHaveAttribute('data-placement', 'low');

    await user.hover(help);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('¿Necesitas ayuda? Escríbenos');
  });

  it('is not drawn while the number is unknown', async () => {
    renderShell('/home/dashboard', { whatsappPhone: null });
    await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(screen.queryByRole('link', { name: '¿Necesitas ayuda? Escríbenos' })).toBeNull();
  });
});

/** The button alone on `path`, the club's number known. */
function renderButtonOn(path: string) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(appConfigQueryKey, { whatsapp_phone: TEST_WHATSAPP_PHONE });
  const router = createMemoryRouter([{ path: '*', element: <WhatsAppButton /> }], {
    initialEntries: [path],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the WhatsApp button outside the app', () => {
  it('sits higher on public pages', async () => {
    renderButtonOn('/');
    const help = await screen.findByRole('link', { name: '¿Necesitas ayuda? Escríbenos' });
    expect(help).toHaveAttribute('data-placement', 'high');
  });
});

describe('the WhatsApp button on the roll call', () => {
  it('is not drawn there, where it would cover Guardar, and is on the calendar', async () => {
    const calendar = renderButtonOn('/home/calendar');
    expect(
      await screen.findByRole('link', { name: '¿Necesitas ayuda? Escríbenos' }),
    ).toHaveAttribute('data-placement', 'low');
    calendar.unmount();

    renderButtonOn('/home/attendance/12');
    // Drawn at once when it is drawn (the number is in the cache): nothing to wait for.
    expect(screen.queryByRole('link', { name: '¿Necesitas ayuda? Escríbenos' })).toBeNull();
  });
});
