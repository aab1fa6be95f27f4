import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLANS, type Subscription } from '../../contract/plans.schema';
import type { User } from '../../contract/users.schema';
import { SubscriptionScreen } from '../../src/screens/subscription/subscription-screen';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole, userWithoutClub } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  club_id: 1,
  club_name: 'Club Deportivo Demo',
  plan: { ...DEFAULT_PLANS[0]!, features: [...DEFAULT_PLANS[0]!.features] },
  usage: { players: 121, members: 130 },
  ...overrides,
});

const answering =
  (answer: [number, unknown]): ServerHandler =>
  (call) =>
    call.path === '/api/pla_club_teams/1/subscription'
      ? answer
      : [404, { message: `No fake for ${call.path}` }];

const renderSubscription = (user: User, api: ServerHandler) =>
  renderRoutes(
    '/home/subscription',
    [{ path: '/home/subscription', element: <SubscriptionScreen /> }],
    { user, api },
  );

describe('the subscription page', () => {
  it("shows the owner the club's plan as 'Gratis', what it includes and its usage", async () => {
    const { calls } = renderSubscription(
      userWithRole('Propietario del Club'),
      answering([200, { data: subscription() }]),
    );
    const plan = await screen.findByRole('region', { name: 'Gratis' });
    expect(within(plan).getByText('Plan actual')).toBeVisible();
    expect(within(plan).getByText('Cobros, pagos y recibos en PDF')).toBeVisible();
    expect(screen.getByText('Club Deportivo Demo usa el plan Gratis.')).toBeVisible();
    const usage = screen.getByRole('region', { name: 'Uso del club' });
    expect(within(usage).getByText('121 de 200')).toBeVisible();
    expect(within(usage).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '61');
    expect(within(usage).getByText('130')).toBeVisible();
    expect(calls.map((call) => call.path)).toEqual(['/api/pla_club_teams/1/subscription']);
  });

  it("opens the 'Actualizar a Pro' dialog from the free plan", async () => {
    const user = userEvent.setup();
    renderSubscription(
      userWithRole('Propietario del Club'),
      answering([200, { data: subscription() }]),
    );
    await user.click(await screen.findByRole('button', { name: 'Actualizar a Pro' }));
    expect(await screen.findByRole('dialog', { name: 'Actualizar a Pro' })).toBeVisible();
  });

  it("shows a Pro club as 'Pro', without a player limit or an upgrade", async () => {
    const pro = { ...DEFAULT_PLANS[1]!, features: [...DEFAULT_PLANS[1]!.features] };
    renderSubscription(
      userWithRole('Propietario del Club'),
      answering([200, { data: subscription({ plan: pro }) }]),
    );
    expect(await screen.findByRole('region', { name: 'Pro' })).toBeVisible();
    expect(screen.getByText('121 (sin límite)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Actualizar a Pro' })).toBeNull();
  });

  it('tells a trainer who manages the plan, without asking the server', async () => {
    const { calls } = renderSubscription(userWithRole('Entrenador'), answering([403, {}]));
    expect(await screen.findByText(/lo administra el propietario del club/)).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('asks a person without a club to choose one', async () => {
    renderSubscription(userWithoutClub(), answering([404, {}]));
    expect(await screen.findByRole('link', { name: 'Elegir club' })).toHaveAttribute(
      'href',
      '/home/club-team',
    );
  });

  it("shows the server's refusal with a retry", async () => {
    renderSubscription(
      userWithRole('Propietario del Club'),
      answering([500, { message: 'Error interno del servidor' }]),
    );
    expect(await screen.findByText(/No se pudo cargar la suscripción/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});
