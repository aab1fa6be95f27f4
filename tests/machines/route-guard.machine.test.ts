import { createTestModel } from '@xstate/graph';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventObject } from 'xstate';
import { accessRowOf } from '../../contract/access-table';
import type { UserPermissions } from '../../contract/users.schema';
import { roleDefaults } from '../../server/db/seed/reference';
import { pageRequirements, SUPER_ADMIN_ONLY } from '../../src/lib/page-access';
import {
  routeGuardMachine,
  type GuardFacts,
  type RouteGuardEvent,
} from '../../src/machines/route-guard.machine';
import {
  dashboardPathFor,
  onboardingPathFor,
  roleSlug,
} from '../../src/machines/route-guard.rules';
import { selectGuardView } from '../../src/machines/route-guard.selectors';
import { Coverage } from './support/model-paths';
import { provideAccessTable } from '../../src/lib/api-access';

// The browser loads the role × operation table with the session (src/app/providers.tsx).
provideAccessTable(accessRowOf);

/** What the server grants `role` by default in a club (server/db/seed/reference.ts). */
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

/** `permissions` as GET /api/user answers them while module `slug` is switched off. */
function withoutModule(permissions: UserPermissions, slug: string): UserPermissions {
  const { [slug]: _off, ...byModule } = permissions.permissions_by_module;
  return {
    ...permissions,
    permissions: permissions.permissions.filter((name) => !name.startsWith(`${slug}.`)),
    permissions_by_module: byModule,
  };
}

/** A signed-in club owner (settings.manage in the club) who completed the onboarding, on the players page. */
const owner: GuardFacts = {
  session: 'signedIn',
  rememberPage: true,
  isSuperAdmin: false,
  permissions: permissionsOf('Propietario del Club'),
  currentClubId: 1,
  selectedClubId: 1,
  firstRoleName: 'Propietario del Club',
  onboardingCompleted: true,
  area: 'home',
  pathname: '/home/players',
  search: '',
  // A production build: QA's /dev pages are the super admin's.
  devBuild: false,
};
/** Like sinclub@demo.club: onboarding done, no club, no role. */
const withoutClub: GuardFacts = {
  ...owner,
  currentClubId: null,
  selectedClubId: 0,
  firstRoleName: null,
};
/** Like nuevo@demo.club: no club, no role, onboarding not done. */
const newcomer: GuardFacts = { ...withoutClub, onboardingCompleted: false };
/** A trainer of the club: players and sessions, no categories, no settings.manage. */
const trainer: GuardFacts = {
  ...owner,
  permissions: permissionsOf('Entrenador'),
  firstRoleName: 'Entrenador',
};
/** An accountant of the club: payments and their Parametrización, nothing else. */
const accountant: GuardFacts = {
  ...owner,
  permissions: permissionsOf('Contador'),
  firstRoleName: 'Contador',
};
/** A parent: sees players (view) but may not create one. */
const parent: GuardFacts = {
  ...owner,
  permissions: permissionsOf('Padre/Acudiente'),
  firstRoleName: 'Padre/Acudiente',
};
const superAdmin: GuardFacts = {
  ...withoutClub,
  isSuperAdmin: true,
  // The super admin passes whatever the permissions list says.
  permissions: { roles: [], permissions: [], permissions_by_module: {}, is_super_admin: false },
  firstRoleName: 'Super Admin',
  pathname: '/home/admin/system',
};

/**
 * The situations the app reports, each a `guard.update`: one per rule and per side of each
 * rule (the model's events). The machine is walked from every state with every one of them.
 */
const situations: Record<string, GuardFacts> = {
  checking: { ...owner, session: 'checking' },
  'signed out on a deep link': {
    ...owner,
    session: 'signedOut',
    pathname: '/home/players',
    search: '?estado=activos#lista',
  },
  'signed out after a logout': { ...owner, session: 'signedOut', rememberPage: false },
  'signed out on onboarding': {
    ...owner,
    session: 'signedOut',
    area: 'onboarding',
    pathname: '/onboarding/default',
  },
  'parent done, on onboarding': {
    ...owner,
    firstRoleName: 'Padre/Acudiente',
    area: 'onboarding',
    pathname: '/onboarding',
  },
  'newcomer on onboarding': { ...newcomer, area: 'onboarding', pathname: '/onboarding/default' },
  'no club, on players': withoutClub,
  'no club, on club-team': { ...withoutClub, pathname: '/home/club-team' },
  'no club, on their settings': { ...withoutClub, pathname: '/home/settings' },
  'newcomer on the dashboard': { ...newcomer, pathname: '/home/dashboard' },
  'owner not done, with a club': { ...owner, onboardingCompleted: false },
  'owner on a Sistema page': { ...owner, pathname: '/home/admin/reports' },
  'owner on Gestión de Roles': { ...owner, pathname: '/home/admin/roles' },
  'trainer on Gestión de Roles': { ...trainer, pathname: '/home/admin/roles' },
  'super admin on Gestión de Roles': { ...superAdmin, pathname: '/home/admin/roles' },
  'super admin without club on a Sistema page': superAdmin,
  'owner on players': owner,
  'trainer on categories (hidden in the menu)': { ...trainer, pathname: '/home/categories' },
  'accountant on players (hidden in the menu)': { ...accountant, pathname: '/home/players' },
  'accountant on Cobros': { ...accountant, pathname: '/home/chargers' },
  'parent creating a player': { ...parent, pathname: '/home/player-create' },
  // Issue #33 item 2: the family dashboards go by role, as their API does.
  'trainer on the parent dashboard': { ...trainer, pathname: '/home/parent-dashboard' },
  'trainer on the player dashboard': { ...trainer, pathname: '/home/player-dashboard' },
  'parent on the parent dashboard': { ...parent, pathname: '/home/parent-dashboard' },
  // A switched-off module: GET /api/user holds none of its permissions.
  'trainer on the calendar, sessions off': {
    ...trainer,
    permissions: withoutModule(permissionsOf('Entrenador'), 'sessions'),
    pathname: '/home/calendar',
  },
  'trainer on the calendar': { ...trainer, pathname: '/home/calendar' },
  'permissions not loaded, on trainers': {
    ...owner,
    permissions: null,
    pathname: '/home/trainers',
  },
  'trainer on QA’s statecharts, production build': { ...trainer, pathname: '/dev/statecharts' },
  'trainer on QA’s statecharts, development build': {
    ...trainer,
    pathname: '/dev/statecharts',
    devBuild: true,
  },
  'super admin on QA’s statecharts, production build': {
    ...superAdmin,
    pathname: '/dev/statecharts',
    devBuild: false,
  },
  'no club on QA’s statecharts, development build': {
    ...withoutClub,
    pathname: '/dev/statecharts',
    devBuild: true,
  },
};

/**
 * The pages table's meaning, read independently of src/lib/page-access.ts's functions:
 * the page is the route pattern the path is at or below (`:param` matches one segment,
 * `:param?` none or one); its API operation needs what the role × operation table
 * (contract/access-table.ts) says, a permission or a role; SUPER_ADMIN_ONLY and anything under /admin need the flag; a path of
 * no page is not refused.
 */
function mayOpen(facts: GuardFacts): boolean {
  if (facts.isSuperAdmin) return true;
  const path = facts.pathname.split('/').filter(Boolean);
  // QA's /dev pages (issue #13 item 7): everyone signed in on a development build only.
  if (path[0] === 'dev') return facts.devBuild;
  const fits = (pattern: string) => {
    const wanted = pattern.split('/').filter(Boolean);
    const needed = wanted.filter((segment) => !segment.endsWith('?')).length;
    return (
      path.length >= needed &&
      wanted.every((segment, i) => segment.startsWith(':') || segment === path[i])
    );
  };
  const pages = Object.entries(pageRequirements).filter(([pattern]) => fits(pattern));
  const longest = pages.sort(([a], [b]) => b.split('/').length - a.split('/').length)[0];
  if (!longest) return path[0] !== 'admin';
  const requirement = longest[1];
  if (requirement === null) return true;
  if (requirement === SUPER_ADMIN_ONLY || !facts.permissions) return false;
  // The page names an API operation; the role × operation table says what it requires.
  const [method, url] = requirement.split(' ') as [string, string];
  const requires = accessRowOf(method, url)?.requires;
  if (requires === undefined || typeof requires === 'string') return requires === 'signed-in';
  return 'permission' in requires
    ? facts.permissions.permissions.includes(requires.permission)
    : facts.permissions.roles.some(({ name }) => name === requires.role);
}

interface Decision {
  state: string;
  navigate: string[];
  remember: string[];
}

/**
 * The spec's rules (§2), written out again as the oracle: what the guard must do for the
 * facts, independently of how the machine orders its guards.
 */
function expectedDecision(facts: GuardFacts): Decision {
  const decide = (state: string, navigate: string[] = [], remember: string[] = []) => ({
    state,
    navigate,
    remember,
  });
  if (facts.session === 'checking') return decide('initialising');
  if (facts.session === 'signedOut') {
    const remember = facts.rememberPage ? [`${facts.pathname}${facts.search}`] : [];
    return decide('unauthenticated', ['/login'], remember);
  }
  if (facts.area === 'onboarding') {
    if (!facts.onboardingCompleted) return decide('allowed');
    const byRole: Record<string, string> = {
      'Super Admin': '/admin/dashboard',
      'Padre/Acudiente': '/home/parent-dashboard',
      Jugador: '/home/player-dashboard',
    };
    return decide('onboardingDone', [byRole[facts.firstRoleName ?? ''] ?? '/home/dashboard']);
  }
  const hasClub = facts.isSuperAdmin || !!facts.currentClubId || facts.selectedClubId > 0;
  // Spec §2 rule 3's pages, the user's own settings (issue #13 item 5) and account (#17).
  const clubFree = [
    '/home/club-team',
    '/home/dashboard',
    '/home/settings',
    '/home/account',
  ].includes(facts.pathname);
  const needsNoClub = ['/home/create-club-team', '/dev/'].some((start) =>
    facts.pathname.startsWith(start),
  );
  if (!hasClub && !clubFree && !needsNoClub) {
    return decide('noClub', ['/home/club-team']);
  }
  if (!facts.onboardingCompleted) {
    return decide('onboardingIncomplete', [onboardingPathFor(facts.firstRoleName)]);
  }
  if (!mayOpen(facts)) return decide('forbidden');
  return decide('allowed');
}

const none = { navigate: [], remember: [] };

/** The app around the guard: where it navigated and what it remembered, since the last step. */
class FakeApp {
  navigated: string[] = [];
  remembered: string[] = [];
  readonly actor: Actor<typeof routeGuardMachine>;

  constructor(input: GuardFacts, coverage: Coverage) {
    const logic = routeGuardMachine.provide({
      actions: {
        navigate: (_, { to }) => void this.navigated.push(to),
        rememberPage: (_, { path }) => void this.remembered.push(path),
      },
    });
    this.actor = createActor(logic, { input, inspect: coverage.inspect });
  }

  /** Performs one step and returns what it did. */
  step(perform: () => void): Omit<Decision, 'state'> {
    this.navigated = [];
    this.remembered = [];
    perform();
    return { navigate: this.navigated, remember: this.remembered };
  }
}

const events: RouteGuardEvent[] = Object.values(situations).map((facts) => ({
  type: 'guard.update',
  facts,
}));
const start = situations.checking!;
const model = createTestModel(routeGuardMachine);
const paths = model.getShortestPaths({ input: start, events });
const coverage = new Coverage(routeGuardMachine);
let walked = 0;

describe('route guard machine, every path of the model', () => {
  it('has a path to every state the guard can rest in', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(
      [
        'allowed',
        'forbidden',
        'initialising',
        'noClub',
        'onboardingDone',
        'onboardingIncomplete',
        'unauthenticated',
      ].sort(),
    );
  });

  for (const path of paths) {
    it(path.description, async () => {
      const app = new FakeApp(start, coverage);
      let effects: Omit<Decision, 'state'> = { navigate: [], remember: [] };
      let facts = start;
      let changed = true;
      // The model's steps performed on the real actor ('xstate.init' is the first step of every path).
      const perform = {
        'xstate.init': () => {
          effects = app.step(() => app.actor.start());
        },
        'guard.update': (step: { event: EventObject }) => {
          const event = step.event as RouteGuardEvent;
          changed = JSON.stringify(event.facts) !== JSON.stringify(facts);
          facts = event.facts;
          effects = app.step(() => app.actor.send(event));
        },
      };
      await path.test({
        events: perform as never,
        states: {
          '*': (state) => {
            const snapshot = app.actor.getSnapshot();
            expect(snapshot.status).toBe('active');
            // The real actor is where the model is, with the facts the model has.
            expect(snapshot.value).toEqual(state.value);
            expect(snapshot.context).toEqual(state.context);
            // And the state means what the spec says, with exactly the effects it says.
            const expected = expectedDecision(facts);
            expect(snapshot.value).toBe(expected.state);
            expect(effects).toEqual(
              changed ? { navigate: expected.navigate, remember: expected.remember } : none,
            );
            expect(selectGuardView(snapshot)).toBe(
              { allowed: 'allowed', forbidden: 'forbidden' }[expected.state] ?? 'waiting',
            );
            expect(snapshot.hasTag('loading')).toBe(expected.state === 'initialising');
          },
        },
      });
      app.actor.stop();
      walked++;
    });
  }
});

describe('route guard machine, the same facts twice', () => {
  it('does not navigate or remember again when nothing changed', () => {
    const app = new FakeApp(situations['no club, on players']!, coverage);
    expect(app.step(() => app.actor.start()).navigate).toEqual(['/home/club-team']);
    const again = app.step(() =>
      app.actor.send({ type: 'guard.update', facts: { ...situations['no club, on players']! } }),
    );
    expect(again).toEqual(none);
    app.actor.stop();
  });
});

describe('the Administración pages', () => {
  it.each([
    ['/home/admin/roles', 'forbidden'],
    ['/home/admin/users-roles', 'forbidden'],
    ['/home/admin/users-roles/', 'forbidden'],
    ['/home/admin/payment_methods', 'forbidden'],
    ['/home/admin/rolesx', 'allowed'],
    ['/home/players', 'allowed'],
  ])('refuses %s to a trainer without settings.manage (%s)', (pathname, state) => {
    const actor = createActor(routeGuardMachine, { input: { ...trainer, pathname } }).start();
    expect(actor.getSnapshot().value).toBe(state);
    actor.stop();
  });

  it('lets the page show once the permission arrives (another club selected)', () => {
    const facts = { ...trainer, pathname: '/home/admin/roles' };
    const actor = createActor(routeGuardMachine, { input: facts }).start();
    expect(actor.getSnapshot().value).toBe('forbidden');
    actor.send({ type: 'guard.update', facts: { ...facts, permissions: owner.permissions } });
    expect(actor.getSnapshot().value).toBe('allowed');
    actor.stop();
  });
});

describe('the pages a menu hides (issue 9, item 7)', () => {
  const player: GuardFacts = {
    ...owner,
    permissions: permissionsOf('Jugador'),
    firstRoleName: 'Jugador',
  };
  it.each([
    ['trainer', trainer, '/home/categories', 'forbidden'],
    ['trainer', trainer, '/home/players', 'allowed'],
    ['trainer', trainer, '/home/trainings', 'allowed'],
    ['accountant', accountant, '/home/categories', 'forbidden'],
    ['accountant', accountant, '/home/players', 'forbidden'],
    ['accountant', accountant, '/home/discounts', 'allowed'],
    ['player', player, '/home/categories', 'forbidden'],
    ['player', player, '/home/players', 'forbidden'],
    ['player', player, '/home/chargers', 'forbidden'],
    ['parent', parent, '/home/categories', 'forbidden'],
    ['parent', parent, '/home/players', 'allowed'],
    ['parent', parent, '/home/player-create/12', 'forbidden'],
    ['owner', owner, '/home/player-create/12', 'allowed'],
    ['trainer', trainer, '/home/club-team', 'allowed'],
    ['trainer', trainer, '/home/create-club-team/1', 'forbidden'],
    // Issue #33 item 2: another role's dashboard, and a switched-off module.
    ['trainer', trainer, '/home/parent-dashboard', 'forbidden'],
    ['trainer', trainer, '/home/player-dashboard', 'forbidden'],
    ['owner', owner, '/home/parent-dashboard', 'forbidden'],
    ['parent', parent, '/home/parent-dashboard', 'allowed'],
    ['parent', parent, '/home/player-dashboard', 'forbidden'],
    ['player', player, '/home/player-dashboard', 'allowed'],
    ['player', player, '/home/parent-dashboard', 'forbidden'],
    [
      'trainer without sessions',
      { ...trainer, permissions: withoutModule(permissionsOf('Entrenador'), 'sessions') },
      '/home/calendar',
      'forbidden',
    ],
  ] as const)('a %s on %s is %s', (_who, facts, pathname, state) => {
    const actor = createActor(routeGuardMachine, { input: { ...facts, pathname } }).start();
    expect(actor.getSnapshot().value).toBe(state);
    actor.stop();
  });
});

describe('where the guard sends people', () => {
  it.each([
    ['Propietario del Club', 'propietario-del-club'],
    ['Entrenador', 'entrenador'],
    ['Contador', 'contador'],
    ['Jugador', 'jugador'],
    ['Padre/Acudiente', 'padre-acudiente'],
    ['Super Admin', 'super-admin'],
    ['  Educación Física ', 'educacion-fisica'],
    ['', 'default'],
    [null, 'default'],
  ])('slugs the role %j as %j for /onboarding/…', (role, slug) => {
    expect(roleSlug(role)).toBe(slug);
    expect(onboardingPathFor(role)).toBe(`/onboarding/${slug}`);
  });

  it.each([
    ['Super Admin', '/admin/dashboard'],
    ['Padre/Acudiente', '/home/parent-dashboard'],
    ['Jugador', '/home/player-dashboard'],
    ['Propietario del Club', '/home/dashboard'],
    ['Entrenador', '/home/dashboard'],
    ['Contador', '/home/dashboard'],
    [null, '/home/dashboard'],
  ])('sends a %j who completed the onboarding to %s', (role, target) => {
    expect(dashboardPathFor(role)).toBe(target);
  });

  it.each([
    ['/home/dashboard', 'allowed'],
    ['/home/club-team', 'allowed'],
    ['/home/create-club-team', 'allowed'],
    ['/home/create-club-team/7', 'allowed'],
    ['/home/settings', 'allowed'],
    ['/home/settings/', 'allowed'],
    ['/home/account', 'allowed'],
    ['/home/accountx', 'noClub'],
    ['/home/settingsx', 'noClub'],
    ['/home/players', 'noClub'],
    ['/home/player-create', 'noClub'],
    ['/home/admin/roles', 'noClub'],
    ['/admin/dashboard', 'noClub'],
  ])('lets a user without a club on %s be %s', (pathname, state) => {
    const actor = createActor(routeGuardMachine, { input: { ...withoutClub, pathname } }).start();
    expect(actor.getSnapshot().value).toBe(state);
    actor.stop();
  });

  it.each([
    ['/home/admin/system', 'forbidden', 'allowed'],
    ['/home/admin/analytics', 'forbidden', 'allowed'],
    ['/home/admin/reports', 'forbidden', 'allowed'],
    ['/home/admin/communications', 'forbidden', 'allowed'],
    ['/home/admin/blog', 'forbidden', 'allowed'],
    ['/home/admin/super-admin-panel', 'forbidden', 'allowed'],
    ['/admin/dashboard', 'forbidden', 'allowed'],
    ['/home/admin/roles', 'allowed', 'allowed'],
    ['/home/admin/payment_methods', 'allowed', 'allowed'],
    ['/home/admin/users-roles', 'allowed', 'allowed'],
    ['/home/players', 'allowed', 'allowed'],
  ])('on %s an owner is %s and the super admin %s', (pathname, forOwner, forSuperAdmin) => {
    for (const [facts, state] of [
      [owner, forOwner],
      [{ ...superAdmin, firstRoleName: 'Super Admin' }, forSuperAdmin],
    ] as const) {
      const actor = createActor(routeGuardMachine, { input: { ...facts, pathname } }).start();
      expect(actor.getSnapshot().value).toBe(state);
      actor.stop();
    }
  });
});

describe('QA’s statechart page (issue #13 item 7)', () => {
  it.each([
    ['trainer', trainer, false, 'forbidden'],
    ['trainer', trainer, true, 'allowed'],
    ['owner', owner, false, 'forbidden'],
    ['owner', owner, true, 'allowed'],
    ['parent', parent, false, 'forbidden'],
    ['user without a club', withoutClub, false, 'forbidden'],
    ['user without a club', withoutClub, true, 'allowed'],
    ['super admin', superAdmin, false, 'allowed'],
    ['super admin', superAdmin, true, 'allowed'],
  ] as const)(
    'a %s on /dev/statecharts (development build: %s) is %s',
    (_who, facts, devBuild, state) => {
      for (const pathname of ['/dev/statecharts', '/dev/statecharts/', '/dev']) {
        const input = { ...facts, pathname, devBuild };
        const actor = createActor(routeGuardMachine, { input }).start();
        expect([pathname, actor.getSnapshot().value]).toEqual([pathname, state]);
        actor.stop();
      }
    },
  );

  it('follows the build it is told about', () => {
    const actor = createActor(routeGuardMachine, {
      input: { ...owner, pathname: '/dev/statecharts' },
    }).start();
    expect(actor.getSnapshot().value).toBe('forbidden');
    actor.send({
      type: 'guard.update',
      facts: { ...owner, pathname: '/dev/statecharts', devBuild: true },
    });
    expect(actor.getSnapshot().value).toBe('allowed');
    actor.stop();
  });

  it('leaves other paths starting with dev to the pages table', () => {
    const actor = createActor(routeGuardMachine, {
      input: { ...trainer, pathname: '/home/devices' },
    }).start();
    expect(actor.getSnapshot().value).toBe('allowed');
    actor.stop();
  });
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('route guard machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
