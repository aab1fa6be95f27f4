import { describe, expect, it, vi } from 'vitest';
import { createRouteRegistry, type RouteModule } from '../../src/app/route-registry';

const screen = (name: string): RouteModule => ({ Component: () => name });

function registry() {
  const loaders = {
    '/home/players': vi.fn(() => Promise.resolve(screen('players'))),
    '/home/create-club-team': vi.fn(() => Promise.resolve(screen('create'))),
    '/home/create-club-team/:clubIdToEdit': vi.fn(() => Promise.resolve(screen('edit'))),
    '/home/player-create/:playerId?': vi.fn(() => Promise.resolve(screen('player'))),
    '/blog/:slug': vi.fn(() => Promise.resolve(screen('post'))),
  };
  return { loaders, routes: createRouteRegistry(loaders) };
}

describe('the lazy route registry', () => {
  it('finds the pattern of a concrete path, static before parameters', () => {
    const { routes } = registry();
    expect(routes.patternOf('/home/players')).toBe('/home/players');
    expect(routes.patternOf('/home/players?estado=activos')).toBe('/home/players');
    expect(routes.patternOf('/home/create-club-team')).toBe('/home/create-club-team');
    expect(routes.patternOf('/home/create-club-team/4')).toBe(
      '/home/create-club-team/:clubIdToEdit',
    );
    expect(routes.patternOf('/home/player-create')).toBe('/home/player-create/:playerId?');
    expect(routes.patternOf('/home/player-create/12')).toBe('/home/player-create/:playerId?');
    expect(routes.patternOf('/blog/primer-torneo')).toBe('/blog/:slug');
    expect(routes.patternOf('/home/no-existe')).toBeNull();
    expect(routes.patternOf('/home/players/3')).toBeNull();
  });

  it('preloads the module the router will use, importing it once', async () => {
    const { loaders, routes } = registry();
    routes.preload('/home/players');
    routes.preload('/home/players');
    const module = await routes.lazy('/home/players')();
    expect(loaders['/home/players']).toHaveBeenCalledOnce();
    expect(module).toBe(await loaders['/home/players'].mock.results[0]!.value);
  });

  it('does nothing for an unknown path', () => {
    const { loaders, routes } = registry();
    routes.preload('/no-existe');
    for (const loader of Object.values(loaders)) expect(loader).not.toHaveBeenCalled();
  });

  it('tries again after a failed import (a new deployment, a dropped connection)', async () => {
    const loader = vi
      .fn<() => Promise<RouteModule>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(screen('players'));
    const routes = createRouteRegistry({ '/home/players': loader });
    routes.preload('/home/players');
    await expect(routes.lazy('/home/players')()).rejects.toThrow('Failed to fetch');
    await expect(routes.lazy('/home/players')()).resolves.toMatchObject({});
    expect(loader).toHaveBeenCalledTimes(2);
  });
});

describe('the app’s route modules', () => {
  it('registers every route of SPEC §2 with a screen', async () => {
    const { screenLoaders } = await import('../../src/app/route-modules');
    expect(Object.keys(screenLoaders).sort()).toEqual(
      [
        '/',
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password',
        '/blog',
        '/blog/:slug',
        '/terminos',
        '/privacidad',
        '/centro-ayuda',
        // The e-mail change's confirmation link (issue #17).
        '/confirmar-correo',
        '/invitation/:token',
        // Issue #33 item 1: answering a link request from its e-mail.
        '/link-request/:token',
        '/contact',
        '/pricing',
        '/about',
        '/home/dashboard',
        '/home/subscription',
        // 'Mi Cuenta' of the user menu (issue #17).
        '/home/account',
        // 'Configuración' of the user menu (issue #13 item 5), not a route of SPEC §2.
        '/home/settings',
        '/home/club-team',
        '/home/create-club-team',
        '/home/create-club-team/:clubIdToEdit',
        '/home/categories',
        '/home/trainers',
        '/home/trainings',
        '/home/players',
        '/home/calendar',
        // The roll call of a session (issue #14), opened from the calendar.
        '/home/attendance/:sessionId',
        '/home/player-create/:playerId?',
        '/home/payments',
        '/home/chargers',
        '/home/discounts',
        '/home/admin/payment_methods',
        '/home/admin/roles',
        '/home/admin/users-roles',
        '/home/admin/system',
        '/home/admin/analytics',
        '/home/admin/reports',
        '/home/admin/communications',
        '/home/admin/blog',
        '/home/admin/super-admin-panel',
        '/home/parent-dashboard',
        '/home/player-dashboard',
        '/admin/dashboard',
        // QA's statechart page (issue #13 item 7), not a route of SPEC §2.
        '/dev/statecharts',
        '/onboarding',
        '/onboarding/*',
      ].sort(),
    );
  });
});
