import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { authMessages, type AuthResponse } from '../../contract/auth.schema';
import type { User } from '../../contract/users.schema';
import { authMachine } from '../../src/machines/auth.machine';
import { DEMO_PASSWORD, logIn, logOut, newPerson, register } from './support/accounts';
import { expect, test } from './support/fixtures';
import { coveringWalk, shortestWalks, type WalkAction, type WalkStep } from './support/model-walks';

/*
 * The session's statechart (auth.machine.ts) walked in Chromium (issue #35 item 8). Each
 * action is what a person does and what the server answers, as the machine's events; the
 * machine says which state it leads to; the checks below, written from SPEC.md §2 and §8
 * and not from the machine, say what that state and that action look like on screen.
 */

const OWNER = 'propietario@demo.club';

/** Who the server says signed in (only the fields the machine keeps matter here). */
const owner: User = {
  id: 2,
  name: 'Pedro',
  lastname: 'Propietario',
  email: OWNER,
  roles: [{ name: 'Propietario del Club' }],
  is_super_admin: false,
  permissions: ['players.view'],
  permissions_by_module: { players: ['players.view'] },
  listClub: [{ id: 1, name: 'Club Demo' }],
  modules: [],
  onboarding: {
    completed: true,
    current_step: 5,
    total_steps: 5,
    completed_steps: [1, 2, 3, 4, 5],
    role_name: 'Propietario del Club',
    next_step: null,
    progress_percentage: 100,
  },
  current_club_id: 1,
};
const session: AuthResponse = { token: 'token', user: owner };
const newcomer: AuthResponse = {
  token: 'token',
  user: { ...owner, roles: [], listClub: [], current_club_id: null },
};

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const refused = (id: string, message: string) => ({
  type: `xstate.error.actor.${id}`,
  error: { status: 401, message, fieldErrors: {} },
});

interface AuthAction extends WalkAction {
  /** Does it in the page, signed in or not as the walk left it. */
  perform: (page: Page) => Promise<void>;
  /** What this action, besides the state it leads to, shows (written from the spec). */
  shows?: (page: Page) => Promise<void>;
}

const credentials = { email: OWNER, password: DEMO_PASSWORD };

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /Menú de usuario/ }).click();
}

const logInRight: AuthAction = {
  type: 'inicia sesión con su contraseña',
  events: [{ type: 'auth.login', credentials } as EventObject, done('login', session)],
  perform: async (page) => {
    await page.goto('/login');
    await logIn(page, OWNER, DEMO_PASSWORD);
  },
};

const logInWrong: AuthAction = {
  type: 'inicia sesión con una contraseña equivocada',
  events: [
    { type: 'auth.login', credentials } as EventObject,
    refused('login', authMessages.invalidCredentials),
  ],
  selfMove: true,
  perform: async (page) => {
    await page.goto('/login');
    // An e-mail nobody has: the demo owner's failures would count towards her limit.
    await logIn(page, newPerson().email, 'Equivocada2026');
  },
  shows: async (page) => {
    await expect(page.getByRole('alert')).toContainText(authMessages.invalidCredentials);
    await expect(page).toHaveURL(/\/login$/);
  },
};

const logOutHere: AuthAction = {
  type: 'cierra sesión',
  events: [{ type: 'auth.logout' }, done('logout', undefined)],
  perform: (page) => logOut(page),
  shows: async (page) => expect(page).toHaveURL(/\/login$/),
};

const logOutEverywhere: AuthAction = {
  type: 'cierra sesión en todos los dispositivos',
  events: [{ type: 'auth.logoutEverywhere' }, done('logoutEverywhere', undefined)],
  perform: async (page) => {
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Cerrar sesión en todos los dispositivos' }).click();
  },
  shows: async (page) => expect(page).toHaveURL(/\/login$/),
};

const otherTabLogsOut: AuthAction = {
  type: 'cierra sesión en otra pestaña',
  events: [{ type: 'auth.remoteLogout' }],
  perform: async (page) => {
    const other = await page.context().newPage();
    await other.goto('/home/dashboard');
    await logOut(other);
    await expect(other).toHaveURL(/\/login$/);
    await other.close();
  },
  shows: async (page) => expect(page).toHaveURL(/\/login$/),
};

const sessionRevoked: AuthAction = {
  type: 'cierra todas sus sesiones en otro dispositivo y vuelve a abrir la app',
  restart: (snapshot) => ({ token: snapshot.context.token, pathname: '/home/players' }),
  events: [refused('loadUser', authMessages.unauthenticated)],
  perform: async (page) => {
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    const answer = await page.request.post('/api/logout-all', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.ok()).toBe(true);
    await page.goto('/home/players');
  },
  // The stored token no longer opens a session: forgotten, and the login asked (spec §8).
  shows: async (page) => {
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  },
};

const reload: AuthAction = {
  type: 'recarga la página',
  restart: (snapshot) => ({ token: snapshot.context.token, pathname: '/home/dashboard' }),
  events: [done('loadUser', owner)],
  selfMove: true,
  perform: async (page) => {
    await page.goto('/home/dashboard');
  },
};

const registerNew: AuthAction = {
  type: 'crea una cuenta',
  events: [{ type: 'auth.register', details: {} } as EventObject, done('register', newcomer)],
  perform: (page) => register(page, newPerson()),
  // A new account has its onboarding ahead (spec §2).
  shows: async (page) => expect(page).toHaveURL(/\/onboarding\/default$/),
};

const registerTaken: AuthAction = {
  type: 'crea una cuenta con un correo ya registrado',
  events: [
    { type: 'auth.register', details: {} } as EventObject,
    refused('register', authMessages.emailTaken),
  ],
  selfMove: true,
  perform: (page) => register(page, { ...newPerson(), email: OWNER }),
  shows: async (page) => {
    await expect(page.getByRole('alert')).toContainText(authMessages.emailTaken);
    await expect(page).toHaveURL(/\/register$/);
  },
};

const SIGNED_IN = 'authenticated.user.idle+permissions.asLoaded';

/** What each state of the session looks like (spec §2: the shell's user menu is the sign). */
const onScreen: Record<string, (page: Page) => Promise<void>> = {
  unauthenticated: async (page) => {
    await expect(page).toHaveURL(/\/(login|register)$/);
    await expect(page.getByRole('button', { name: /Menú de usuario/ })).toHaveCount(0);
  },
  [SIGNED_IN]: async (page) => {
    await expect(page).not.toHaveURL(/\/(login|register)$/);
    await expect(
      page
        .getByRole('button', { name: /Menú de usuario/ })
        .or(page.getByRole('button', { name: 'Cerrar Sesión' })),
    ).toBeVisible();
  },
};

async function walk(page: Page, steps: WalkStep<AuthAction>[]) {
  for (const { action, state } of steps) {
    await test.step(`${action.type} → ${state}`, async () => {
      await action.perform(page);
      const check = onScreen[state];
      expect(check, `a check on screen for the state ${state}`).toBeDefined();
      await check!(page);
      await action.shows?.(page);
    });
  }
}

/** A fresh tab on /login: no stored token. */
const fresh = { token: null, pathname: '/login' };
/** In the shell: everything but creating an account (its user is in the onboarding). */
const inTheShell = [
  logInRight,
  logInWrong,
  reload,
  logOutHere,
  logOutEverywhere,
  otherTabLogsOut,
  sessionRevoked,
];

test('the walks reach every state a person sees', () => {
  const reached = new Set(
    shortestWalks(authMachine, fresh, inTheShell).map((steps) => steps.at(-1)!.state),
  );
  // The walks start signed out, on /login.
  reached.add('unauthenticated');
  expect([...reached].sort()).toEqual(Object.keys(onScreen).sort());
});

test('session, one walk through its moves in the shell', async ({ page }) => {
  // Logins at full password cost with both browser workers busy.
  test.slow();
  const steps = coveringWalk(authMachine, fresh, inTheShell, { moves: 'actions' });
  expect(steps.map(({ action }) => action.type)).toEqual(
    expect.arrayContaining(inTheShell.map(({ type }) => type)),
  );
  await walk(page, steps);
});

test('session, creating an account', async ({ page }) => {
  const steps = coveringWalk(authMachine, fresh, [registerTaken, registerNew, logOutHere], {
    moves: 'actions',
  });
  expect(steps.map(({ action }) => action.type)).toEqual(
    expect.arrayContaining([registerTaken.type, registerNew.type, logOutHere.type]),
  );
  await walk(page, steps);
});
