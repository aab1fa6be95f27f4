import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract/users.schema';
import { renderApp, userFixture } from './support/render-app';

afterEach(() => localStorage.clear());

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** Signs in with a stored token that GET /api/user answers with `user`. */
const restoring = (path: string, user: User) => {
  localStorage.setItem('jwtToken', 'stored-jwt');
  return renderApp(path, { getUser: () => Promise.resolve(user) });
};

const notStarted: User['onboarding'] = {
  completed: false,
  current_step: 1,
  total_steps: 5,
  completed_steps: [1, 2],
  role_name: 'default',
  next_step: 3,
  progress_percentage: 40,
};
/** Like sinclub@demo.club: onboarding done, no club, no role. */
const withoutClub: User = {
  ...userFixture('Sofía'),
  roles: [],
  listClub: [],
  current_club_id: null,
};
/** Like nuevo@demo.club: no club, no role, onboarding not done. */
const newcomer: User = { ...withoutClub, onboarding: notStarted };

describe('the guard of /home, /admin and /onboarding', () => {
  it('sends a visitor to /login and remembers the page with its query for after the login', async () => {
    const { router } = renderApp('/home/players?estado=activos');

    expect(await heading('Iniciar sesión')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('redirectAfterLogin')).toBe('/home/players?estado=activos');
  });

  it('shows a progress indicator while a stored session is restored', async () => {
    localStorage.setItem('jwtToken', 'stored-jwt');
    let restore!: () => void;
    const getUser = vi.fn(
      () =>
        new Promise<User>((resolve) => {
          restore = () => resolve(userFixture('Ana'));
        }),
    );
    const { router } = renderApp('/home/dashboard', { getUser });

    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(screen.getByRole('status')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Tablero' })).toBeNull();
    restore();
    expect(await heading('Tablero')).toBeVisible();
  });

  it('forgets a stored token the server refuses, and asks for a login', async () => {
    localStorage.setItem('jwtToken', 'expired-jwt');
    const { router } = renderApp('/home/dashboard', {
      getUser: vi.fn().mockRejectedValue(new Error('401')),
    });

    expect(await heading('Iniciar sesión')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });

  it('redirects /home to /home/dashboard, inside the shell', async () => {
    const { router } = restoring('/home', userFixture('Ana'));

    expect(await heading('Tablero')).toBeVisible();
    expect(router.state.location.pathname).toBe('/home/dashboard');
    expect(screen.queryByRole('button', { name: 'Cerrar Sesión' })).toBeNull();
  });

  it('shows a /home page with its sidebar title and selects the user’s current club', async () => {
    // Categorías needs the categories module (src/lib/page-access.ts), as its menu item does.
    restoring('/home/categories', {
      ...userFixture('Ana'),
      permissions: ['categories.view'],
      permissions_by_module: { categories: ['view'] },
    });

    expect(await heading('Categorías')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('selectedClub') ?? 'null')).toEqual({
      id: 1,
      name: 'Club Deportivo Demo',
    });
  });

  it('keeps a user without a club on /home/club-team', async () => {
    const { router } = restoring('/home/players', withoutClub);

    expect(await heading('Club / Equipo')).toBeVisible();
    expect(router.state.location.pathname).toBe('/home/club-team');
  });

  it('lets a user without a club see the dashboard and create a club', async () => {
    const { router } = restoring('/home/create-club-team', withoutClub);

    expect(await heading('Crear club / equipo')).toBeVisible();
    await router.navigate('/home/dashboard');
    expect(await heading('Hola, Sofía')).toBeVisible();
  });

  it('sends a user who has not completed the onboarding to /onboarding/{role}', async () => {
    const { router } = restoring('/home/dashboard', newcomer);

    expect(await heading('Configuración inicial')).toBeVisible();
    expect(router.state.location.pathname).toBe('/onboarding/default');
    expect(screen.getByText('Configurando tu cuenta como Propietario del Club')).toBeVisible();
    expect(
      screen.getByRole('progressbar', { name: 'Progreso de la configuración' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeVisible();
    // The wizard's first step (the status call is not faked here: it falls back to step 1).
    expect(await screen.findByRole('heading', { level: 2, name: 'Tus datos' })).toBeVisible();
    expect(screen.getByText(`© ${new Date().getFullYear()} Gestión deportiva`)).toBeVisible();
  });

  it('slugs the role of an owner who has not completed the onboarding', async () => {
    const { router } = restoring('/home/players', {
      ...userFixture('Ana'),
      onboarding: notStarted,
    });

    expect(await heading('Configuración inicial')).toBeVisible();
    expect(router.state.location.pathname).toBe('/onboarding/propietario-del-club');
    expect(screen.getByText('Configurando tu cuenta como Propietario del Club')).toBeVisible();
  });

  it.each([
    ['Padre/Acudiente', '/home/parent-dashboard', 'Panel de padres'],
    ['Jugador', '/home/player-dashboard', 'Panel del jugador'],
    ['Entrenador', '/home/dashboard', 'Tablero'],
  ])(
    'sends a %s who completed the onboarding from /onboarding to %s',
    async (role, path, title) => {
      const { router } = restoring('/onboarding', {
        ...userFixture('Ana'),
        roles: [{ name: role }],
      });

      expect(await heading(title)).toBeVisible();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('sends the super admin from /onboarding to /admin/dashboard', async () => {
    const admin: User = { ...withoutClub, is_super_admin: true, roles: [{ name: 'Super Admin' }] };
    const { router } = restoring('/onboarding/super-admin', admin);

    expect(await heading('Panel de administración')).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('refuses a Sistema page to someone who is not super admin', async () => {
    const { router } = restoring('/home/admin/super-admin-panel', userFixture('Ana'));

    expect(await heading('No tienes permiso')).toBeVisible();
    expect(router.state.location.pathname).toBe('/home/admin/super-admin-panel');
    expect(screen.getByRole('link', { name: 'Volver al Dashboard' })).toHaveAttribute(
      'href',
      '/home/dashboard',
    );
  });

  it.each(['/home/admin/roles', '/home/admin/users-roles', '/home/admin/payment_methods'])(
    'refuses %s to a member without settings.manage in the club',
    async (path) => {
      const { router } = restoring(path, {
        ...userFixture('Ana'),
        roles: [{ name: 'Entrenador' }],
        permissions: ['players.view'],
      });

      expect(await heading('No tienes permiso')).toBeVisible();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it.each([
    ['/home/categories', 'Entrenador', ['players.view', 'sessions.view']],
    ['/home/players', 'Contador', ['payments.view', 'payments.update']],
    ['/home/players', 'Jugador', ['sessions.view', 'payments.view']],
    ['/home/player-create', 'Padre/Acudiente', ['players.view', 'payments.view']],
  ])(
    'refuses %s, hidden in the menu, to a %s who opens it by URL, inside the shell',
    async (path, role, permissions) => {
      const byModule: Record<string, string[]> = {};
      for (const name of permissions) {
        const [slug, action] = name.split('.') as [string, string];
        (byModule[slug] ??= []).push(action);
      }
      const { router } = restoring(path, {
        ...userFixture('Ana'),
        roles: [{ name: role }],
        permissions,
        permissions_by_module: byModule,
      });

      expect(await heading('No tienes permiso')).toBeVisible();
      expect(router.state.location.pathname).toBe(path);
      const menu = screen.getByRole('navigation', { name: 'Menú principal' });
      expect(within(menu).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    },
  );

  it('shows the club configuration to an owner with settings.manage, and to the super admin', async () => {
    const owner: User = { ...userFixture('Ana'), permissions: ['settings.manage'] };
    const first = restoring('/home/admin/payment_methods', owner);
    expect(await heading('Medios de pago')).toBeVisible();
    first.unmount();

    const admin: User = { ...withoutClub, is_super_admin: true, roles: [{ name: 'Super Admin' }] };
    restoring('/home/admin/payment_methods', admin);
    expect(await heading('Medios de pago')).toBeVisible();
  });

  it('shows the not-found page for an unknown path inside /home', async () => {
    restoring('/home/no-existe', userFixture('Ana'));

    expect(await heading('Página no encontrada')).toBeVisible();
  });
});

describe('the public routes', () => {
  it('shows the Spanish not-found page for an unknown path', async () => {
    renderApp('/no-existe');

    expect(await heading('Página no encontrada')).toBeVisible();
  });

  it('shows the landing page with links to log in and register', async () => {
    renderApp('/');

    expect(await heading('Tu club deportivo, organizado en un solo lugar')).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Iniciar sesión' })[0]).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getAllByRole('link', { name: 'Crear mi club gratis' })[0]).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it.each([
    ['/contact', 'Contacto'],
    ['/pricing', 'Planes y precios'],
  ])(
    'shows %s with its title and the logo linking home, without a session',
    async (path, title) => {
      renderApp(path);

      expect(await heading(title)).toBeVisible();
      expect(screen.getByRole('link', { name: 'Gestión deportiva' })).toHaveAttribute('href', '/');
    },
  );

  // Their content comes from the server (tests/components/blog-screens.test.tsx): here,
  // that each opens inside the public layout without a session, not at the login.
  it.each(['/blog', '/blog/primer-torneo', '/terminos', '/privacidad', '/centro-ayuda', '/about'])(
    'shows %s inside the public layout, without a session',
    async (path) => {
      const { router } = renderApp(path);

      expect(await screen.findByRole('link', { name: 'Gestión deportiva' })).toHaveAttribute(
        'href',
        '/',
      );
      expect(screen.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/login');
      expect(router.state.location.pathname).toBe(path);
    },
  );
});
