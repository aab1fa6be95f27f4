import { afterAll, describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyMachineSnapshot,
  type NonReducibleUnknown,
} from 'xstate';
import {
  type AuthResponse,
  type LoginRequest,
  PRIVACY_POLICY_VERSION,
  type RegisterRequest,
  TERMS_VERSION,
} from '../../contract/auth.schema';
import type { ClubSummary, User, UserPermissions } from '../../contract/users.schema';
import {
  authMachine,
  type AuthBroadcast,
  type AuthEvent,
  type AuthInput,
} from '../../src/machines/auth.machine';
import {
  selectIsBusy,
  selectPermissions,
  selectPermissionsRefresh,
  selectSelectedClub,
  selectSelectedClubId,
  selectSessionStatus,
  selectShouldRememberPage,
} from '../../src/machines/auth.selectors';
import { isGuestOnlyPath, isPublicPath } from '../../src/lib/public-paths';
import { toRequestFailure } from '../../src/lib/request-failure';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const userFixture = (id: number, name: string): User => ({
  id,
  name,
  lastname: 'Pérez',
  email: `${name.toLowerCase()}@demo.club`,
  roles: [{ name: 'Propietario del Club' }],
  is_super_admin: false,
  permissions: ['players.view'],
  permissions_by_module: { players: ['players.view'] },
  listClub: [{ id: id * 10, name: `Club de ${name}` }],
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
  current_club_id: id * 10,
});

/** Ana works in two clubs; the one she chose last time (11) is not her current club (10). */
const storedUser: User = {
  ...userFixture(1, 'Ana'),
  listClub: [
    { id: 10, name: 'Club de Ana' },
    { id: 11, name: 'Escuela de Ana' },
  ],
};
const storedClub: ClubSummary = { id: 11, name: 'Escuela de Ana (nombre viejo)' };
const otherClub: ClubSummary = { id: 99, name: 'Club de otra persona' };
/** A club just created, which the reloaded user does not list (yet). */
const newClub: ClubSummary = { id: 12, name: 'Club recién creado' };
const freshPermissions: UserPermissions = {
  roles: [{ name: 'Entrenador' }],
  permissions: ['players.view', 'players.update'],
  permissions_by_module: { players: ['players.view', 'players.update'] },
  is_super_admin: false,
};
const loginResponse: AuthResponse = { token: 'login-token', user: userFixture(2, 'Beto') };
const registerResponse: AuthResponse = { token: 'register-token', user: userFixture(3, 'Carla') };
/** Dora accepted an invitation: her new session works in her current club, 41, not the first one. */
const invitedResponse: AuthResponse = {
  token: 'invitation-token',
  user: {
    ...userFixture(4, 'Dora'),
    listClub: [
      { id: 40, name: 'Club de Dora' },
      { id: 41, name: 'Escuela de Dora' },
    ],
    current_club_id: 41,
  },
};
/** Ana again, from an invitation: back in her current club (10), not the one she had chosen (11). */
const anaInvitedResponse: AuthResponse = { token: 'invitation-token', user: storedUser };
const wrongPassword = { status: 401, message: 'Credenciales inválidas', fieldErrors: {} };
const emailTaken = {
  status: 422,
  message: 'El correo ya está registrado',
  fieldErrors: { email: 'El correo ya está registrado' },
};
const sessionGone = { status: 401, message: 'No autenticado', fieldErrors: {} };
const offline = { status: null, message: 'No se pudo conectar con el servidor', fieldErrors: {} };

/** One public page, one guest-only page, one private page: the three kinds logout and restore care about. */
const PATHS = ['/', '/login', '/home/dashboard'] as const;

const outputs: Record<string, unknown> = {
  loadUser: storedUser,
  refreshUser: storedUser,
  login: loginResponse,
  register: registerResponse,
  logout: undefined,
  logoutEverywhere: undefined,
  loadPermissions: freshPermissions,
};
const failures: Record<string, unknown> = {
  loadUser: sessionGone,
  refreshUser: offline,
  login: wrongPassword,
  register: emailTaken,
  logout: offline,
  logoutEverywhere: offline,
  loadPermissions: offline,
};

/** The completion of an invoked call, as @xstate/graph feeds it to the machine. */
type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.${string}`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = AuthEvent | ActorEvent;

/** An actor can only finish while it runs. */
function actorEventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  return Object.keys(snapshot.children).flatMap((id): ModelEvent[] => [
    { type: `xstate.done.actor.${id}`, output: outputs[id] },
    { type: `xstate.error.actor.${id}`, error: failures[id] },
  ]);
}

/** The events a person, the server, the router and the other tabs can cause to the session. */
function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  return [
    { type: 'auth.login', credentials: { email: 'beto@demo.club', password: 'Demo1234!' } },
    {
      type: 'auth.register',
      details: {
        name: 'Carla',
        lastname: 'Pérez',
        email: 'carla@demo.club',
        password: 'Demo1234!',
        password_confirmation: 'Demo1234!',
        accept_terms: true,
        terms_version: TERMS_VERSION,
        accept_data_policy: true,
        data_policy_version: PRIVACY_POLICY_VERSION,
      },
    },
    { type: 'auth.logout' },
    { type: 'auth.logoutEverywhere' },
    { type: 'auth.refreshUser' },
    { type: 'auth.unauthorized' },
    { type: 'auth.remoteLogin', token: 'remote-token' },
    { type: 'auth.remoteLogin', token: null },
    { type: 'auth.remoteLogout' },
    { type: 'auth.sessionStarted', response: invitedResponse },
    ...PATHS.map((pathname) => ({ type: 'auth.locationChanged' as const, pathname })),
    ...actorEventsIn(snapshot),
  ];
}

/**
 * What a signed-in user does with clubs and permissions, walked on its own (on one page,
 * without the other tabs) so the product of both models stays small.
 */
function clubEventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  return [
    { type: 'auth.refreshUser' },
    { type: 'auth.refreshPermissions' },
    { type: 'auth.selectClub', club: { id: 10, name: 'Club de Ana' } },
    { type: 'auth.selectClub', club: otherClub },
    // Joined a club she already lists (10, not the one selected) and one not listed yet.
    { type: 'auth.clubJoined', club: { id: 10, name: 'Club de Ana' } },
    { type: 'auth.clubJoined', club: newClub },
    { type: 'auth.sessionStarted', response: anaInvitedResponse },
    { type: 'auth.logout' },
    ...actorEventsIn(snapshot),
  ];
}

/** Everything the machine's effects touched, in order, as short strings. */
type Effect = string;

/**
 * The browser around the machine: localStorage's token, the effects the machine asked
 * for, and the calls in flight. One fake per actor and per effect action.
 */
class FakeBrowser {
  storedToken: string | null;
  storedClub: ClubSummary | null;
  effects: Effect[] = [];
  private calls = new Map<string, Deferred<unknown>>();
  readonly inputs: Array<{ actor: string; input: unknown }> = [];

  constructor(token: string | null, club: ClubSummary | null = null) {
    this.storedToken = token;
    this.storedClub = club;
  }

  private call = <T, I = NonReducibleUnknown>(actor: string) =>
    fromPromise<T, I>(({ input, self }) => {
      const call = deferred<unknown>();
      this.calls.set(self.id, call);
      this.inputs.push({ actor, input });
      return call.promise as Promise<T>;
    });

  logic() {
    return authMachine.provide({
      actors: {
        loadUser: this.call<User>('loadUser'),
        login: this.call<AuthResponse, LoginRequest>('login'),
        register: this.call<AuthResponse, RegisterRequest>('register'),
        logout: this.call<void>('logout'),
        logoutEverywhere: this.call<void>('logoutEverywhere'),
        loadPermissions: this.call<UserPermissions>('loadPermissions'),
      },
      actions: {
        storeToken: (_, { token }) => {
          this.storedToken = token;
          this.effects.push(`storeToken:${token}`);
        },
        clearStorage: () => {
          this.storedToken = null;
          this.storedClub = null;
          this.effects.push('clearStorage');
        },
        storeSelectedClub: (_, { club }) => {
          this.storedClub = club;
          this.effects.push(`storeSelectedClub:${club?.id ?? 'none'}`);
        },
        logPermissionsError: () => this.effects.push('logPermissionsError'),
        clearQueryCache: () => this.effects.push('clearQueryCache'),
        broadcast: (_, { message }: { message: AuthBroadcast }) =>
          this.effects.push(`broadcast:${message}`),
        navigateToLogin: () => this.effects.push('navigate:/login'),
        navigateHome: () => this.effects.push('navigate:/home/dashboard'),
        redirectAfterLogin: () => this.effects.push('redirectAfterLogin'),
        logRefreshError: () => this.effects.push('logRefreshError'),
      },
    });
  }

  settleCall(event: { type: string; output?: unknown; error?: unknown }): boolean {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) return false;
    const call = this.calls.get(match[2]!);
    if (!call) throw new Error(`No call in flight for ${event.type}`);
    this.calls.delete(match[2]!);
    if (match[1] === 'done') call.resolve(event.output);
    else call.reject(event.error);
    return true;
  }
}

const LOADING_STATES = [
  'initialising',
  'restoring',
  'loggingIn',
  'registering',
  'loggingOut',
  'loggingOutEverywhere',
];
const topState = (snapshot: AnyMachineSnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!;

/** What each state means for the stored token, the context and the screens. */
function checkState(snapshot: AnyMachineSnapshot, browser: FakeBrowser) {
  const state = topState(snapshot);
  const { context } = snapshot;
  expect(selectIsBusy(snapshot as never)).toBe(LOADING_STATES.includes(state));
  switch (state) {
    case 'restoring':
      expect(selectSessionStatus(snapshot as never)).toBe('checking');
      expect(context.token).not.toBeNull();
      expect(browser.storedToken).toBe(context.token);
      break;
    case 'unauthenticated':
    case 'loggingIn':
    case 'registering':
      expect(selectSessionStatus(snapshot as never)).toBe('signedOut');
      expect(context.token).toBeNull();
      expect(context.user).toBeNull();
      expect(context.clubs).toEqual([]);
      expect(context.modules).toEqual([]);
      expect(context.onboarding).toBeNull();
      expect(browser.storedToken).toBeNull();
      expect(selectSelectedClub(snapshot as never)).toBeNull();
      expect(selectSelectedClubId(snapshot as never)).toBe(0);
      expect(selectPermissions(snapshot as never)).toBeNull();
      expect(browser.storedClub).toBeNull();
      if (state !== 'unauthenticated') expect(context.failure).toBeNull();
      break;
    case 'authenticated':
    case 'loggingOut':
    case 'loggingOutEverywhere':
      expect(selectSessionStatus(snapshot as never)).toBe('signedIn');
      expect(context.user).not.toBeNull();
      expect(context.token).not.toBeNull();
      expect(browser.storedToken).toBe(context.token);
      expect(context.clubs).toEqual(context.user.listClub);
      expect(context.modules).toEqual(context.user.modules);
      expect(context.onboarding).toEqual(context.user.onboarding);
      expect(context.failure).toBeNull();
      expect(selectShouldRememberPage(snapshot as never)).toBe(true);
      // The selected club is one of the user's, mirrored in localStorage.
      if (context.selectedClub) expect(context.clubs).toContainEqual(context.selectedClub);
      expect(browser.storedClub).toEqual(context.selectedClub);
      expect(selectSelectedClubId(snapshot as never)).toBe(context.selectedClub?.id ?? 0);
      // A club just joined waits only for the reload in flight.
      if (snapshot.matches({ authenticated: { user: 'idle' } })) {
        expect(context.joinedClub).toBeNull();
      }
      expect(selectPermissions(snapshot as never)).toEqual({
        roles: context.user.roles,
        permissions: context.user.permissions,
        permissions_by_module: context.user.permissions_by_module,
        is_super_admin: context.user.is_super_admin,
      });
      expect(selectPermissionsRefresh(snapshot as never)).toBe(
        { asLoaded: 'idle', refreshing: 'refreshing', refreshed: 'ok', failed: 'failed' }[
          state === 'authenticated'
            ? (snapshot.value.authenticated.permissions as string)
            : 'asLoaded'
        ],
      );
      break;
    default:
      throw new Error(`Unexpected state ${state}`);
  }
}

const logoutEffects = (pathname: string, broadcast: boolean): Effect[] => [
  'clearStorage',
  'clearQueryCache',
  ...(broadcast ? ['broadcast:LOGOUT'] : []),
  ...(isPublicPath(pathname) ? [] : ['navigate:/login']),
];

/**
 * The club selected once a user is loaded (spec §4): the one selected before if still
 * theirs, else their current club. Written out here, apart from the machine's helper.
 */
function clubAfterLoad(before: AnyMachineSnapshot, user: User): number | 'none' {
  const ids = user.listClub.map(({ id }) => id);
  const joined: ClubSummary | null = before.context.joinedClub;
  if (joined && ids.includes(joined.id)) return joined.id;
  const previous: ClubSummary | null = before.context.selectedClub;
  if (previous && ids.includes(previous.id)) return previous.id;
  if (user.current_club_id !== null && ids.includes(user.current_club_id))
    return user.current_club_id;
  return 'none';
}

/** What each step must have done to the world around the machine (spec §4, §8). */
function expectedEffects(before: AnyMachineSnapshot, event: ModelEvent): Effect[] {
  const from = topState(before);
  const pathname: string = before.context.pathname;
  switch (`${from} ${event.type}`) {
    case 'restoring xstate.done.actor.loadUser':
      return [
        `storeSelectedClub:${clubAfterLoad(before, (event as ActorEvent).output as User)}`,
        ...(isGuestOnlyPath(pathname) ? ['navigate:/home/dashboard'] : []),
      ];
    case 'authenticated xstate.done.actor.refreshUser':
      return [`storeSelectedClub:${clubAfterLoad(before, (event as ActorEvent).output as User)}`];
    case 'authenticated auth.selectClub': {
      const club = event.type === 'auth.selectClub' ? event.club : null;
      const own = before.context.clubs.some(({ id }: ClubSummary) => id === club?.id);
      return own ? [`storeSelectedClub:${club!.id}`] : [];
    }
    case 'authenticated xstate.error.actor.loadPermissions':
      return ['logPermissionsError'];
    case 'restoring auth.sessionStarted':
    case 'unauthenticated auth.sessionStarted':
    case 'authenticated auth.sessionStarted': {
      const { response } = event as Extract<AuthEvent, { type: 'auth.sessionStarted' }>;
      // Like a login, but the page that started the session navigates, not the machine.
      return [
        `storeToken:${response.token}`,
        `storeSelectedClub:${response.user.current_club_id}`,
        'broadcast:LOGIN',
      ];
    }
    case 'restoring xstate.error.actor.loadUser':
      return ['clearStorage', 'clearQueryCache'];
    case 'loggingIn xstate.done.actor.login':
      return [
        `storeToken:${loginResponse.token}`,
        `storeSelectedClub:${loginResponse.user.current_club_id}`,
        'broadcast:LOGIN',
        'redirectAfterLogin',
      ];
    case 'registering xstate.done.actor.register':
      return [
        `storeToken:${registerResponse.token}`,
        `storeSelectedClub:${registerResponse.user.current_club_id}`,
        'broadcast:LOGIN',
        'redirectAfterLogin',
      ];
    case 'authenticated auth.unauthorized':
      return ['clearStorage', 'clearQueryCache'];
    case 'authenticated auth.remoteLogout':
      return logoutEffects(pathname, false);
    case 'authenticated auth.locationChanged': {
      const to = event.type === 'auth.locationChanged' ? event.pathname : '';
      return isGuestOnlyPath(to) ? ['navigate:/home/dashboard'] : [];
    }
    case 'authenticated xstate.error.actor.refreshUser':
      return ['logRefreshError'];
    case 'loggingOut xstate.done.actor.logout':
    case 'loggingOut xstate.error.actor.logout':
    case 'loggingOutEverywhere xstate.done.actor.logoutEverywhere':
    case 'loggingOutEverywhere xstate.error.actor.logoutEverywhere':
      // Logout everywhere ends this tab exactly as a logout, whatever the server answered.
      return logoutEffects(pathname, true);
    default:
      return [];
  }
}

/** What each step must have done to the context, beyond the state's own invariants. */
function checkStep(before: AnyMachineSnapshot, event: ModelEvent, after: AnyMachineSnapshot) {
  const from = topState(before);
  const to = topState(after);
  if (event.type === 'xstate.error.actor.login' || event.type === 'xstate.error.actor.register') {
    // The server's own words reach the screen: message and field errors.
    expect(after.context.failure).toEqual(toRequestFailure((event as ActorEvent).error));
  }
  if (from === 'authenticated' && event.type === 'auth.unauthorized') {
    expect(selectShouldRememberPage(after as never)).toBe(true);
  }
  if (
    to === 'unauthenticated' &&
    [
      'auth.remoteLogout',
      'xstate.done.actor.logout',
      'xstate.error.actor.logout',
      'xstate.done.actor.logoutEverywhere',
      'xstate.error.actor.logoutEverywhere',
    ].includes(event.type)
  ) {
    expect(selectShouldRememberPage(after as never)).toBe(false);
  }
  if (from === 'authenticated' && event.type === 'xstate.error.actor.refreshUser') {
    // A failed refresh keeps the session as it was (spec §8).
    expect(after.context.user).toEqual(before.context.user);
    expect(after.context.token).toBe(before.context.token);
  }
  if (event.type === 'xstate.done.actor.loadPermissions') {
    // Fresh roles and permissions, the rest of the user as it was.
    expect(after.context.user).toEqual({ ...before.context.user, ...freshPermissions });
  }
  if (event.type === 'xstate.error.actor.loadPermissions') {
    expect(after.context.user).toEqual(before.context.user);
    expect(after.context.token).toBe(before.context.token);
  }
  if (event.type === 'auth.selectClub' && from === 'authenticated') {
    const own = before.context.clubs.find(({ id }: ClubSummary) => id === event.club.id);
    expect(after.context.selectedClub).toEqual(own ?? before.context.selectedClub);
  }
  if (event.type === 'auth.selectClub' && from === 'authenticated') {
    const own = before.context.clubs.some(({ id }: ClubSummary) => id === event.club.id);
    // Roles, permissions and modules are per club: choosing one reloads the user for it.
    if (own) expect(after.matches({ authenticated: { user: 'refreshing' } })).toBe(true);
    else expect(after.value).toEqual(before.value);
  }
  if (from === 'authenticated' && event.type === 'auth.clubJoined') {
    // Always a fresh reload, whatever was in flight, remembering the club for its answer.
    expect(after.matches({ authenticated: { user: 'refreshing' } })).toBe(true);
    expect(after.context.joinedClub).toEqual(event.club);
    expect(after.context.selectedClub).toEqual(before.context.selectedClub);
  }
  if (from === 'authenticated' && event.type === 'auth.refreshUser') {
    // Never ignored: a reload in flight starts over, so nobody has to wait for it.
    expect(after.matches({ authenticated: { user: 'refreshing' } })).toBe(true);
  }
  if (from === 'authenticated' && event.type === 'xstate.done.actor.refreshUser') {
    const joined: ClubSummary | null = before.context.joinedClub;
    const user = (event as ActorEvent).output as User;
    const listed = joined !== null && user.listClub.some(({ id }) => id === joined.id);
    // The club just joined is worked in once listed; the reload for another club is redone.
    if (listed) expect(after.context.selectedClub?.id).toBe(joined.id);
    const again = listed && before.context.selectedClub?.id !== joined.id;
    expect(after.matches({ authenticated: { user: again ? 'refreshing' : 'idle' } })).toBe(true);
    expect(after.context.joinedClub).toBeNull();
  }
  if (event.type === 'auth.sessionStarted') {
    const { user, token } = event.response;
    expect(to).toBe('authenticated');
    expect(after.context.user).toEqual(user);
    expect(after.context.token).toBe(token);
    expect(after.context.selectedClub?.id).toBe(user.current_club_id);
    expect(after.matches({ authenticated: { user: 'idle', permissions: 'asLoaded' } })).toBe(true);
  }
  if (event.type === 'auth.locationChanged' && before.context.pathname !== after.context.pathname) {
    expect(after.context.failure).toBeNull();
  }
}

/** The machine's own states and the real actor's must agree at every step. */
async function walk(path: ModelPath, input: AuthInput, coverage: Coverage) {
  const browser = new FakeBrowser(input.token, input.selectedClub ?? null);
  const actor = createActor(browser.logic(), { input, inspect: coverage.inspect });
  for (const step of path.steps) {
    const before = actor.getSnapshot();
    browser.effects = [];
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') {
      actor.start();
    } else if (!browser.settleCall(event)) {
      // What the other tab did to the shared localStorage before its message arrived.
      if (event.type === 'auth.remoteLogin' && event.token !== null) {
        browser.storedToken = event.token;
      }
      if (event.type === 'auth.remoteLogout') browser.storedToken = null;
      actor.send(event as AuthEvent);
    }
    await settle();
    const after = actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    expect(after.context).toEqual(step.state.context);
    checkState(after, browser);
    if (event.type !== 'xstate.init') {
      expect(browser.effects).toEqual(expectedEffects(before, event));
      checkStep(before, event, after);
    }
  }
  actor.stop();
  return browser;
}

const coverage = new Coverage(authMachine);
const models: Array<{ input: AuthInput; events: typeof eventsIn }> = [
  { input: { token: null, pathname: '/login' }, events: eventsIn },
  { input: { token: 'stored-token', pathname: '/home/dashboard' }, events: eventsIn },
  {
    input: { token: 'stored-token', pathname: '/home/dashboard', selectedClub: storedClub },
    events: clubEventsIn,
  },
];
let walked = 0;

describe('auth machine, every path of the model', () => {
  for (const { input, events } of models) {
    const paths = planPaths(authMachine, { input, events });
    const start = `${input.token ? 'a stored token' : 'no token'}${input.selectedClub ? ' and a stored club' : ''}`;
    describe(`starting with ${start} on ${input.pathname}`, () => {
      for (const path of paths) {
        it(describePath(path) || '(start)', async () => {
          await walk(path, input, coverage);
          walked++;
        });
      }
    });
  }
});

describe('auth machine, the calls it makes', () => {
  it('sends the credentials typed on the form to the login call', async () => {
    const browser = new FakeBrowser(null);
    const actor = createActor(browser.logic(), { input: { token: null, pathname: '/login' } });
    actor.start();
    const credentials = { email: 'beto@demo.club', password: 'Demo1234!' };
    actor.send({ type: 'auth.login', credentials });
    await settle();
    expect(browser.inputs).toEqual([{ actor: 'login', input: credentials }]);
    actor.stop();
  });

  it('logs out everywhere through its own call, staying signed in until it answers, then ends this session like a logout', async () => {
    const browser = new FakeBrowser('stored-token');
    const actor = createActor(browser.logic(), {
      input: { token: 'stored-token', pathname: '/home/dashboard' },
    });
    actor.start();
    browser.settleCall({ type: 'xstate.done.actor.loadUser', output: storedUser });
    await settle();
    browser.effects.length = 0;

    actor.send({ type: 'auth.logoutEverywhere' });
    await settle();
    expect(browser.inputs.map(({ actor: name }) => name)).toEqual(['loadUser', 'logoutEverywhere']);
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedIn');
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);

    browser.settleCall({ type: 'xstate.done.actor.logoutEverywhere' });
    await settle();
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(browser.storedToken).toBeNull();
    expect(browser.effects).toEqual(logoutEffects('/home/dashboard', true));
    actor.stop();
  });

  it('loads the user once per restore and once per refresh', async () => {
    const browser = new FakeBrowser('stored-token');
    const actor = createActor(browser.logic(), {
      input: { token: 'stored-token', pathname: '/home/dashboard' },
    });
    actor.start();
    browser.settleCall({ type: 'xstate.done.actor.loadUser', output: storedUser });
    await settle();
    actor.send({ type: 'auth.refreshUser' });
    await settle();
    expect(browser.inputs.map(({ actor: name }) => name)).toEqual(['loadUser', 'loadUser']);
    actor.stop();
  });

  it('restarts a reload asked for during another, so a caller never waits for the first', async () => {
    const browser = new FakeBrowser('stored-token');
    const actor = createActor(browser.logic(), {
      input: { token: 'stored-token', pathname: '/home/dashboard' },
    });
    actor.start();
    browser.settleCall({ type: 'xstate.done.actor.loadUser', output: storedUser });
    await settle();
    actor.send({ type: 'auth.refreshUser' });
    actor.send({ type: 'auth.refreshUser' });
    await settle();
    expect(browser.inputs.map(({ actor: name }) => name)).toEqual([
      'loadUser',
      'loadUser',
      'loadUser',
    ]);
    expect(actor.getSnapshot().matches({ authenticated: { user: 'refreshing' } })).toBe(true);
    actor.stop();
  });

  it('works in a club just joined once the reloaded user lists it, reloading for that club', async () => {
    const browser = new FakeBrowser('stored-token');
    const clubWhenLoading: Array<number | null> = [];
    const beforeJoining: User = { ...storedUser, listClub: [{ id: 10, name: 'Club de Ana' }] };
    const answers = [beforeJoining, storedUser, storedUser];
    const logic = browser.logic().provide({
      actors: {
        loadUser: fromPromise<User>(() => {
          clubWhenLoading.push(browser.storedClub?.id ?? null);
          return Promise.resolve(answers.shift()!);
        }),
      },
    });
    const actor = createActor(logic, {
      input: { token: 'stored-token', pathname: '/home/dashboard' },
    });
    actor.start();
    await settle();
    expect(actor.getSnapshot().context.selectedClub?.id).toBe(10);

    actor.send({ type: 'auth.clubJoined', club: { id: 11, name: 'Escuela de Ana' } });
    await settle();
    // Restore (club 10), the reload that lists club 11, then the reload for club 11.
    expect(clubWhenLoading).toEqual([null, 10, 11]);
    expect(actor.getSnapshot().context.selectedClub).toEqual({ id: 11, name: 'Escuela de Ana' });
    expect(actor.getSnapshot().context.joinedClub).toBeNull();
    expect(actor.getSnapshot().matches({ authenticated: { user: 'idle' } })).toBe(true);
    actor.stop();
  });

  it('stores the chosen club before reloading the user, so the reload is for that club', async () => {
    const browser = new FakeBrowser('stored-token');
    const clubWhenLoading: Array<number | null> = [];
    const logic = browser.logic().provide({
      actors: {
        loadUser: fromPromise<User>(() => {
          clubWhenLoading.push(browser.storedClub?.id ?? null);
          return Promise.resolve(storedUser);
        }),
      },
    });
    const actor = createActor(logic, {
      input: { token: 'stored-token', pathname: '/home/dashboard' },
    });
    actor.start();
    await settle();
    actor.send({ type: 'auth.selectClub', club: { id: 11, name: 'Escuela de Ana' } });
    await settle();
    expect(clubWhenLoading).toEqual([null, 11]);
    expect(actor.getSnapshot().context.selectedClub).toEqual({ id: 11, name: 'Escuela de Ana' });
    actor.stop();
  });
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('auth machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
