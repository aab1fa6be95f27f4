import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLANS, type Plan } from '../../contract/plans.schema';
import { PricingScreen } from '../../src/screens/public/pricing-screen';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const stored: Plan[] = [
  { ...DEFAULT_PLANS[0]!, features: ['Hasta 50 jugadores'] },
  { ...DEFAULT_PLANS[1]!, features: ['Jugadores ilimitados', 'Soporte 24/7'] },
];

const plansAnswer =
  (plans: Plan[] | 'fail'): ServerHandler =>
  (call) => {
    if (call.method === 'GET' && call.path === '/api/plans') {
      return plans === 'fail' ? [500, { message: 'Error interno' }] : [200, { data: plans }];
    }
    return [404, { message: `No fake for ${call.path}` }];
  };

const renderPricing = (user: ReturnType<typeof userWithRole> | null, api: ServerHandler) =>
  renderRoutes(
    '/pricing',
    [
      { path: '/pricing', element: <PricingScreen /> },
      { path: '/register', element: <h1>Registro</h1> },
    ],
    { user, api },
  );

describe('the pricing page', () => {
  it("shows the platform's plans from the server, with their features", async () => {
    renderPricing(null, plansAnswer(stored));
    expect(await screen.findByRole('heading', { level: 2, name: 'Gratis' })).toBeVisible();
    const pro = screen.getByRole('region', { name: 'Pro' });
    expect(within(pro).getByText('Soporte 24/7')).toBeVisible();
    // Not for sale yet: marked, while Gratis is not.
    expect(within(pro).getAllByText('Próximamente')).toHaveLength(2);
    const free = screen.getByRole('region', { name: 'Gratis' });
    expect(within(free).queryByText('Próximamente')).toBeNull();
    expect(screen.getByText('Hasta 50 jugadores')).toBeVisible();
    expect(document.title).toBe('Precios · Gestión deportiva');
  });

  it('sends a visitor who wants Pro to /register', async () => {
    const user = userEvent.setup();
    const { router } = renderPricing(null, plansAnswer(stored));
    await user.click(await screen.findByRole('link', { name: 'Actualizar a Pro' }));
    expect(router.state.location.pathname).toBe('/register');
  });

  it('opens the upgrade dialog for a signed-in person', async () => {
    const user = userEvent.setup();
    const { router } = renderPricing(userWithRole('Propietario del Club'), plansAnswer(stored));
    await user.click(await screen.findByRole('button', { name: 'Actualizar a Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar a Pro' });
    expect(within(dialog).getByText(/correo con un descuento/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Ver mi plan' })).toHaveAttribute(
      'href',
      '/home/subscription',
    );
  });

  it('says so when the plans cannot be loaded and tries again', async () => {
    const user = userEvent.setup();
    let plans: Plan[] | 'fail' = 'fail';
    renderPricing(null, (call) => plansAnswer(plans)(call));
    expect(await screen.findByText(/No se pudieron cargar los planes/)).toBeVisible();
    plans = stored;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Pro' })).toBeVisible();
  });
});
