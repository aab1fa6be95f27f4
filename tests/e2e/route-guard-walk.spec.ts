import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { accessRowOf } from '../../contract/access-table';
import type { UserPermissions } from '../../contract/users.schema';
import { roleDefaults } from '../../server/db/seed/reference';
import { provideAccessTable } from '../../src/lib/api-access';
import { routeGuardMachine, type GuardFacts } from '../../src/machines/route-guard.machine';
import { DEMO_PASSWORD, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { coveringWalk, shortestWalks, type WalkAction, type WalkStep } from './support/model-walks';

/*
 * The route guard's statechart walked in Chromium (issue #35 item 8). Each event is a
 * situation made real: who is signed in (a demo account, or nobody) and the page opened.
 * The machine says which state each situation leads to; the checks below, written from
 * SPEC.md §2 and not from the machine, say what that state looks like on screen.
 */

// The browser loads the role × operation table with the session (src/app/providers.tsx).
provideAccessTable(accessRowOf);

/** What the server grants `role` by default in a club, as GET /api/user lists it. */
function permissionsOf(role: keyof typeof roleDefaults): UserPermissions {
  const byModule: Record<string, string[]> = {};
  for (const name of roleDefaults[role]) {
    const [slug, action] = name.split('.') as [string, string];
    if (slug !== 'settings') (byModule[slug] ??= []).push(action);
  }
  return {
    roles: [{ name: role }],
    permissions: roleDefaults[role],
    permissions_by_module: byModule,
    is_super_admin: false,
  };
}

/** A demo account's facts on `path` (server/db/seed/demo-accounts.ts). */
function signedIn(role: keyof typeof roleDefaults | null, path: string, club = true): GuardFacts {
  const [pathname, search = ''] = path.split('?');
  return {
    session: 'signedIn',
    rememberPage: true,
    isSuperAdmin: false,
    permissions: role ? permissionsOf(role) : { ...permissionsOf('Jugador'), permissions: [] },
    currentClubId: club ? 1 : null,
    selectedClubId: club ? 1 : 0,
    firstRoleName: role,
    onboardingCompleted: true,
    area: pathname!.startsWith('/onboarding') ? 'onboarding' : 'home',
    pathname: pathname!,
    search: search ? `?${search}` : '',
    devBuild: false,
  };
}

interface Situation {
  /** The demo account signed in, or null for nobody. */
  account: string | null;
  /** The page opened. */
  path: string;
}

/** A situation made real, and the guard's event for it. */
interface GuardAction extends WalkAction, Situation {
  facts: GuardFacts;
}

function situation(account: string | null, path: string, facts: GuardFacts): GuardAction {
  return {
    type: `${account ?? 'nadie'} abre ${path}`,
    events: [{ type: 'guard.update', facts } as EventObject],
    account,
    path,
    facts,
  };
}

const situations: GuardAction[] = [
  situation(
    'propietario@demo.club',
    '/home/players',
    signedIn('Propietario del Club', '/home/players'),
  ),
  situation(
    'propietario@demo.club',
    '/onboarding/default',
    signedIn('Propietario del Club', '/onboarding/default'),
  ),
  situation('entrenador@demo.club', '/home/categories', signedIn('Entrenador', '/home/categories')),
  situation('contador@demo.club', '/home/players', signedIn('Contador', '/home/players')),
  situation(
    'padre@demo.club',
    '/home/parent-dashboard',
    signedIn('Padre/Acudiente', '/home/parent-dashboard'),
  ),
  situation('sinclub@demo.club', '/home/players', signedIn(null, '/home/players', false)),
  situation('nuevo@demo.club', '/home/dashboard', {
    ...signedIn(null, '/home/dashboard', false),
    onboardingCompleted: false,
  }),
  situation('nuevo@demo.club', '/onboarding/default', {
    ...signedIn(null, '/onboarding/default', false),
    onboardingCompleted: false,
  }),
  situation(null, '/home/players?estado=activos', {
    ...signedIn('Propietario del Club', '/home/players?estado=activos'),
    session: 'signedOut',
  }),
];

/** A fresh browser: the session is being checked. */
const checking: GuardFacts = { ...situations[0]!.facts, session: 'checking' };

const DASHBOARDS = /\/(home\/(dashboard|parent-dashboard|player-dashboard)|admin\/dashboard)$/;

/** What each state of the guard looks like once `situation` was made real (SPEC.md §2). */
const onScreen: Record<string, (page: Page, situation: Situation) => Promise<void>> = {
  unauthenticated: async (page) => {
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  },
  noClub: async (page) => {
    await expect(page).toHaveURL(/\/home\/club-team$/);
  },
  onboardingIncomplete: async (page) => {
    await expect(page).toHaveURL(/\/onboarding\/[a-z-]+$/);
    await expect(page.getByRole('heading', { name: 'Configuración inicial' })).toBeVisible();
  },
  onboardingDone: async (page) => {
    await expect(page).toHaveURL(DASHBOARDS);
  },
  forbidden: async (page, { path }) => {
    await expect(page.getByRole('heading', { name: 'No tienes permiso' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
  },
  allowed: async (page, { path }) => {
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No tienes permiso' })).toHaveCount(0);
  },
};

/** Makes `next` real in `page`, signed in as `current` (null: nobody); returns who is signed in now. */
async function perform(page: Page, current: string | null, next: Situation) {
  if (next.account !== current) {
    if (current !== null) {
      // Signing out without the logout button: a logout would tell the guard not to
      // remember the page, which is another situation.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
    }
    if (next.account !== null) {
      await page.goto('/login');
      await logIn(page, next.account, DEMO_PASSWORD);
      await expect(page).not.toHaveURL(/\/login$/);
    }
  }
  await page.goto(next.path);
  return next.account;
}

async function walk(page: Page, steps: WalkStep<GuardAction>[]) {
  let current: string | null = null;
  for (const { action, state } of steps) {
    await test.step(`${action.type} → ${state}`, async () => {
      current = await perform(page, current, action);
      const check = onScreen[state];
      expect(check, `a check on screen for the state ${state}`).toBeDefined();
      await check!(page, action);
    });
  }
}

const everyState = shortestWalks(routeGuardMachine, checking, situations);

test('the walks reach every state of the route guard but the session check', () => {
  const reached = new Set(everyState.map((steps) => steps.at(-1)!.state));
  expect([...reached].sort()).toEqual(Object.keys(onScreen).sort());
});

for (const steps of everyState) {
  test(`route guard, shortest path to ${steps.at(-1)!.state}`, async ({ page }) => {
    await walk(page, steps);
  });
}

test('route guard, one walk through its moves', async ({ page }) => {
  const steps = coveringWalk(routeGuardMachine, checking, situations, { maxSteps: 24 });
  // Six logins and nine pages: 1.1 min alone, over the 90 s of test.slow() in whole runs
  // (three browser workers on two cores), twice in a row on 2026-12-07.
  test.setTimeout(240_000);
  expect(steps.length).toBeGreaterThanOrEqual(Object.keys(onScreen).length);
  await walk(page, steps);
});
