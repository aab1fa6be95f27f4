import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLANS } from '../../contract/plans.defaults';
import { LandingScreen } from '../../src/screens/public/landing-screen';
import { renderRoutes } from './support/render-routes';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  document.title = '';
});

const renderLanding = () =>
  renderRoutes(
    '/',
    [
      { path: '/', element: <LandingScreen /> },
      { path: '/register', element: <h1>Registro</h1> },
      { path: '/pricing', element: <h1>Precios</h1> },
    ],
    { user: null, api: (call) => [404, { message: `No fake for ${call.path}` }] },
  );

describe('the landing page', () => {
  it('sells the product: headline, both calls to action, a real title and description', async () => {
    const { calls } = renderLanding();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Tu club deportivo, organizado en un solo lugar',
      }),
    ).toBeVisible();
    const create = screen.getAllByRole('link', { name: 'Crear mi club gratis' });
    expect(create.length).toBeGreaterThan(1);
    for (const link of create) expect(link).toHaveAttribute('href', '/register');
    for (const link of screen.getAllByRole('link', { name: 'Iniciar sesión' })) {
      expect(link).toHaveAttribute('href', '/login');
    }
    expect(document.title).toBe('Software para clubes deportivos · Gestión deportiva');
    const description = document.head.querySelector('meta[name="description"]');
    expect(description?.getAttribute('content')).toMatch(/^Gestión deportiva organiza tu club/);
    // Static: the page asks the server for nothing.
    expect(calls).toEqual([]);
  });

  it('says what it does, how it works in three steps, the plans and answers questions', async () => {
    const user = userEvent.setup();
    renderLanding();
    const features = await screen.findByRole('region', { name: 'Todo lo que tu club necesita' });
    for (const title of [
      'Jugadores y categorías',
      'Cobros y pagos con recibos',
      'Calendario y asistencia',
      'Familias y notificaciones',
      'Roles y permisos',
      'WhatsApp',
    ]) {
      expect(within(features).getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    const steps = screen.getByRole('region', { name: 'Cómo funciona' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(within(steps).getByRole('heading', { name: 'Paso 1: Crea tu cuenta' })).toBeVisible();

    const plans = screen.getByRole('region', { name: 'Planes' });
    for (const plan of DEFAULT_PLANS) {
      expect(within(plans).getByRole('heading', { level: 3, name: plan.name })).toBeVisible();
    }
    expect(within(plans).getByText('Próximamente')).toBeVisible();
    expect(within(plans).getByRole('link', { name: 'Comparar planes' })).toHaveAttribute(
      'href',
      '/pricing',
    );

    const faq = screen.getByRole('region', { name: 'Preguntas frecuentes' });
    const question = within(faq).getByText('¿Cuánto cuesta?');
    const details = question.closest('details')!;
    expect(details.open).toBe(false);
    await user.click(question);
    expect(details.open).toBe(true);
  });
});
