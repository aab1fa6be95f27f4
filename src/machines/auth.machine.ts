import { assertEvent, assign, fromPromise, setup, type NonReducibleUnknown } from 'xstate';
import type { AuthResponse, LoginRequest, RegisterRequest } from '../../contract/auth.schema';
import type {
  ClubSummary,
  OnboardingStatus,
  User,
  UserModule,
  UserPermissions,
} from '../../contract/users.schema';
import { isGuestOnlyPath, isPublicPath } from '../lib/public-paths';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

/* The machine's types and the pure functions its `assign`s use. */

/** The two messages the tabs of one browser tell each other on `auth_channel` (spec §4). */
export type AuthBroadcast = 'LOGIN' | 'LOGOUT';

export interface AuthContext {
  /** The bearer token, mirrored in localStorage `jwtToken` by the `storeToken` action. */
  token: string | null;
  user: User | null;
  /** The user's clubs, modules and onboarding, kept apart as the spec stores them (§4). */
  clubs: ClubSummary[];
  modules: UserModule[];
  onboarding: OnboardingStatus | null;
  /**
   * The club the user works in: always one of `clubs` (or null), mirrored in localStorage
   * `selectedClub` by the `storeSelectedClub` action (spec §3, §4).
   */
  selectedClub: ClubSummary | null;
  /**
   * A club the user just created or joined (`auth.clubJoined`): selected once a reload
   * lists it, forgotten after that reload either way.
   */
  joinedClub: ClubSummary | null;
  /** Why the last login or registration failed, for the screen to show. */
  failure: RequestFailure | null;
  /** The page the user is on; decides where logout and restore send them. */
  pathname: string;
  /**
   * True after the user (in this tab or another) logged out on purpose; false after a
   * lost session (a 401), whose page the guard remembers for the next login.
   */
  loggedOutOnPurpose: boolean;
}

export interface AuthInput {
  /** The token found in localStorage when the app started. */
  token: string | null;
  pathname: string;
  /** The club found in localStorage `selectedClub` when the app started (kept if still the user's). */
  selectedClub?: ClubSummary | null;
}

export type AuthEvent =
  | { type: 'auth.login'; credentials: LoginRequest }
  | { type: 'auth.register'; details: RegisterRequest }
  | { type: 'auth.logout' }
  /** 'Cerrar sesión en todos los dispositivos': the server ends them all, then this tab logs out. */
  | { type: 'auth.logoutEverywhere' }
  /** Reloads GET /api/user; asked during a reload, restarts it (the answer in flight may be old). */
  | { type: 'auth.refreshUser' }
  /**
   * The user just created or joined this club: reload /api/user, then work in that club
   * once the reloaded `listClub` has it (restarts a reload in flight).
   */
  | { type: 'auth.clubJoined'; club: ClubSummary }
  /** Reloads GET /api/user/permissions into the user; a failure keeps the session (spec §8). */
  | { type: 'auth.refreshPermissions' }
  /**
   * Work in another of the user's clubs, then reload the user: roles, permissions and
   * modules are per club. A club not in `listClub` is ignored.
   */
  | { type: 'auth.selectClub'; club: ClubSummary }
  /** A 401 from /api/user or /api/modules: the server ended the session. */
  | { type: 'auth.unauthorized' }
  /** Another tab logged in; the token it stored in the shared localStorage. */
  | { type: 'auth.remoteLogin'; token: string | null }
  /** Another tab logged out. */
  | { type: 'auth.remoteLogout' }
  /**
   * A session obtained elsewhere than the login form (accepting an invitation): adopt it
   * like a login, in the user's current club, without navigating (the caller does).
   */
  | { type: 'auth.sessionStarted'; response: AuthResponse }
  | { type: 'auth.locationChanged'; pathname: string };

/** The context of nobody signed in. */
const signedOut = {
  token: null,
  user: null,
  clubs: [],
  modules: [],
  onboarding: null,
  selectedClub: null,
  joinedClub: null,
} satisfies Partial<AuthContext>;

/**
 * The club to work in once the user is (re)loaded (spec §4): the one chosen before if it
 * is still among the user's clubs, else the user's current club if it is among them, else
 * none. Always the `listClub` object, so a renamed club shows its new name.
 */
export function resolveSelectedClub(user: User, previous: ClubSummary | null): ClubSummary | null {
  const clubs = user.listClub;
  return (
    clubs.find((club) => previous !== null && club.id === previous.id) ??
    clubs.find((club) => club.id === user.current_club_id) ??
    null
  );
}

/** The session a loaded user stands for, keeping the selected club when it is still theirs. */
const sessionOf = (user: User, previousClub: ClubSummary | null) => ({
  user,
  clubs: user.listClub,
  modules: user.modules,
  onboarding: user.onboarding,
  selectedClub: resolveSelectedClub(user, previousClub),
});

/** The club just joined, if the reloaded user lists it: the club to work in from now on. */
const joinedClubIn = (user: User, joined: ClubSummary | null): ClubSummary | null =>
  joined && ownClub(user.listClub, joined);

/** The user with freshly loaded roles and permissions (GET /api/user/permissions). */
export const withPermissions = (user: User, permissions: UserPermissions): User => ({
  ...user,
  roles: permissions.roles,
  permissions: permissions.permissions,
  permissions_by_module: permissions.permissions_by_module,
  is_super_admin: permissions.is_super_admin,
});

/** One of the user's clubs with this id, or null. */
const ownClub = (clubs: readonly ClubSummary[], club: ClubSummary): ClubSummary | null =>
  clubs.find((candidate) => candidate.id === club.id) ?? null;

/** An actor the app must provide (src/machines/auth.actors.ts); tests provide fakes. */
const notProvided = <Output, Input = NonReducibleUnknown>(name: string) =>
  fromPromise<Output, Input>(() => Promise.reject(new Error(`${name} is not provided`)));

/*
 * The action lists and transitions used in several places: plain data naming the actions
 * and guards below, which `setup` checks.
 */

/** What ending a session always does, whoever ends it. */
const endSession = ['clearSession', 'clearStorage', 'clearQueryCache'] as const;
/** Ending it on purpose (logout here or in another tab) also tells the guard not to remember the page. */
const endSessionOnPurpose = [...endSession, 'markLoggedOut'] as const;
const broadcastLogin = { type: 'broadcast', params: { message: 'LOGIN' } } as const;
const broadcastLogout = { type: 'broadcast', params: { message: 'LOGOUT' } } as const;
/** Mirrors the selected club (just chosen or resolved) in localStorage. */
const storeSelectedClub = {
  type: 'storeSelectedClub',
  params: ({ context }: { context: AuthContext }) => ({ club: context.selectedClub }),
} as const;
type Answered<T> = { event: { output: T } };
/** A login or registration succeeded: keep the session, tell the tabs, go where the user wanted. */
const signedIn = [
  {
    type: 'assignSignedIn',
    params: ({ event }: Answered<AuthResponse>) => ({ response: event.output }),
  },
  {
    type: 'storeToken',
    params: ({ event }: Answered<AuthResponse>) => ({ token: event.output.token }),
  },
  storeSelectedClub,
  broadcastLogin,
  'redirectAfterLogin',
] as const;
/**
 * A session started elsewhere (an accepted invitation): kept and told to the tabs like a
 * login, in the user's current club; the page that started it navigates.
 */
const sessionAdopted = [
  {
    type: 'assignSessionStarted',
    params: ({ event }: { event: { response: AuthResponse } }) => ({ response: event.response }),
  },
  {
    type: 'storeToken',
    params: ({ event }: { event: { response: AuthResponse } }) => ({
      token: event.response.token,
    }),
  },
  storeSelectedClub,
  broadcastLogin,
] as const;
/** Another of the user's clubs was chosen: keep it, then reload the user for that club. */
const clubSelected = {
  guard: 'isOwnClub',
  target: 'refreshing',
  reenter: true,
  actions: ['assignSelectedClub', storeSelectedClub],
} as const;
/** /api/user answered (restore or refresh). */
const userLoaded = [
  { type: 'assignRestored', params: ({ event }: Answered<User>) => ({ user: event.output }) },
  storeSelectedClub,
] as const;
/** From every permissions state but the one loading them. */
const refreshPermissions = { 'auth.refreshPermissions': 'refreshing' } as const;
/** Whatever the server answered to the logout: end the session, tell the tabs, leave private pages. */
const logoutEnded = [
  {
    guard: 'isOnPrivatePage',
    target: 'unauthenticated',
    actions: [...endSessionOnPurpose, broadcastLogout, 'navigateToLogin'],
  },
  { target: 'unauthenticated', actions: [...endSessionOnPurpose, broadcastLogout] },
] as const;

/* The sign-in calls and the two parallel regions of `authenticated`, as plain data too. */

type Failed = { event: { error: unknown } };

/** How a login or a registration ends: the session, or the server's refusal for the form. */
const signInEnds = {
  onDone: { target: 'authenticated', actions: signedIn },
  onError: {
    target: 'unauthenticated',
    actions: { type: 'assignFailure', params: ({ event }: Failed) => ({ error: event.error }) },
  },
} as const;

/**
 * `POST /api/logout-all`, then the session ends here as after a logout, whatever the
 * server answered (a session it no longer accepts is over anyway).
 */
const loggingOutEverywhere = {
  tags: ['loading'],
  description: 'Tells the server to end every session; whatever it answers, this one ends here.',
  invoke: {
    id: 'logoutEverywhere',
    src: 'logoutEverywhere',
    onDone: logoutEnded,
    onError: logoutEnded,
  },
} as const;

/** `POST /api/login` with what the form sent. */
const loggingIn = {
  tags: ['loading'],
  invoke: {
    id: 'login',
    src: 'login',
    input: ({ event }: { event: AuthEvent }) => {
      assertEvent(event, 'auth.login');
      return event.credentials;
    },
    ...signInEnds,
  },
} as const;

/** `POST /api/register` with what the form sent. */
const registering = {
  tags: ['loading'],
  invoke: {
    id: 'register',
    src: 'register',
    input: ({ event }: { event: AuthEvent }) => {
      assertEvent(event, 'auth.register');
      return event.details;
    },
    ...signInEnds,
  },
} as const;

const logRefreshError = {
  type: 'logRefreshError',
  params: ({ event }: Failed) => ({ error: event.error }),
} as const;

/** A reload that must start over: the user in flight may be the old one. */
const restart = { target: 'refreshing', reenter: true } as const;

/** The club just created or joined: remember it, then reload the user (restarting a reload). */
const clubJoined = { ...restart, actions: 'assignJoinedClub' } as const;

/** The signed-in user, reloaded on demand: after a club change, another tab, a save. */
const userRegion = {
  initial: 'idle',
  states: {
    idle: {
      on: {
        'auth.refreshUser': 'refreshing',
        'auth.clubJoined': clubJoined,
        'auth.selectClub': clubSelected,
        'auth.remoteLogin': {
          description: 'Another tab signed in, maybe as someone else: reload the user.',
          guard: 'remoteHasToken',
          target: 'refreshing',
          actions: 'assignRemoteToken',
        },
      },
    },
    refreshing: {
      description:
        'Reloads /api/user (for the selected club); a failure keeps the session and is logged (spec §8).',
      on: {
        'auth.refreshUser': {
          ...restart,
          description: 'The user in flight may predate what changed: ask again.',
        },
        'auth.clubJoined': clubJoined,
        'auth.selectClub': {
          ...clubSelected,
          description: 'The user in flight is the one of the previous club: ask again.',
        },
        'auth.remoteLogin': {
          description: 'The user in flight may be the old one: ask again.',
          guard: 'remoteHasToken',
          ...restart,
          actions: 'assignRemoteToken',
        },
      },
      invoke: {
        id: 'refreshUser',
        src: 'loadUser',
        onDone: [
          {
            description:
              'The club just joined is listed but another was selected: work in it, reload for it.',
            guard: {
              type: 'switchesToJoinedClub',
              params: ({ event }: Answered<User>) => ({ user: event.output }),
            },
            ...restart,
            actions: userLoaded,
          },
          { target: 'idle', actions: userLoaded },
        ],
        onError: { target: 'idle', actions: [logRefreshError, 'forgetJoinedClub'] },
      },
    },
  },
} as const;

const logPermissionsError = {
  type: 'logPermissionsError',
  params: ({ event }: Failed) => ({ error: event.error }),
} as const;

/** Roles and permissions reloaded on demand; the result is a state (spec §8). */
const permissionsRegion = {
  description: 'Roles and permissions reloaded on demand; the result is a state (spec §8).',
  initial: 'asLoaded',
  states: {
    asLoaded: { on: refreshPermissions },
    refreshing: {
      invoke: {
        id: 'loadPermissions',
        src: 'loadPermissions',
        onDone: {
          target: 'refreshed',
          actions: {
            type: 'assignPermissions',
            params: ({ event }: Answered<UserPermissions>) => ({
              permissions: event.output,
            }),
          },
        },
        onError: { target: 'failed', actions: logPermissionsError },
      },
    },
    refreshed: { on: refreshPermissions },
    failed: { description: 'The session stays as it was.', on: refreshPermissions },
  },
} as const;

/**
 * The session of this browser tab (spec §4): restore a stored token, log in, register,
 * log out, follow the other tabs and drop a session the server no longer accepts. Every
 * effect is a named actor or action, implemented in src/app/providers.tsx and faked in tests.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    loadUser: notProvided<User>('loadUser'),
    login: notProvided<AuthResponse, LoginRequest>('login'),
    register: notProvided<AuthResponse, RegisterRequest>('register'),
    logout: notProvided<void>('logout'),
    logoutEverywhere: notProvided<void>('logoutEverywhere'),
    loadPermissions: notProvided<UserPermissions>('loadPermissions'),
  },
  actions: {
    // Effects: implemented by the provider, faked by the tests.
    storeToken: (_, _params: { token: string }) => {},
    /** Removes the token and selected club (localStorage) and the roll call's cached sheets. */
    clearStorage: () => {},
    clearQueryCache: () => {},
    broadcast: (_, _params: { message: AuthBroadcast }) => {},
    navigateToLogin: () => {},
    /** Sends a signed-in user who is on /login or /register to the dashboard. */
    navigateHome: () => {},
    /** Goes to the stored `redirectAfterLogin` path (and forgets it), else to the dashboard. */
    redirectAfterLogin: () => {},
    logRefreshError: (_, _params: { error: unknown }) => {},
    logPermissionsError: (_, _params: { error: unknown }) => {},
    /** Writes the selected club to localStorage `selectedClub` (removes it for null). */
    storeSelectedClub: (_, _params: { club: ClubSummary | null }) => {},

    // Pure context updates.
    assignSignedIn: assign(({ context }, { response }: { response: AuthResponse }) => ({
      token: response.token,
      ...sessionOf(response.user, context.selectedClub),
      joinedClub: null,
      failure: null,
      loggedOutOnPurpose: false,
    })),
    assignSessionStarted: assign((_, { response }: { response: AuthResponse }) => ({
      token: response.token,
      // A new session starts in the user's current club, whatever this tab had selected.
      ...sessionOf(response.user, null),
      joinedClub: null,
      failure: null,
      loggedOutOnPurpose: false,
    })),
    assignRestored: assign(({ context }, { user }: { user: User }) => ({
      // A club just joined is worked in once listed; after this reload it is forgotten.
      ...sessionOf(user, joinedClubIn(user, context.joinedClub) ?? context.selectedClub),
      joinedClub: null,
      failure: null,
      loggedOutOnPurpose: false,
    })),
    assignPermissions: assign(({ context }, { permissions }: { permissions: UserPermissions }) => ({
      user: context.user && withPermissions(context.user, permissions),
    })),
    assignSelectedClub: assign(({ context, event }) => ({
      selectedClub:
        event.type === 'auth.selectClub'
          ? ownClub(context.clubs, event.club)
          : context.selectedClub,
      // The user's own choice wins over a club joined a moment ago.
      joinedClub: null,
    })),
    assignJoinedClub: assign({
      joinedClub: ({ context, event }) =>
        event.type === 'auth.clubJoined' ? event.club : context.joinedClub,
    }),
    forgetJoinedClub: assign({ joinedClub: null }),
    assignFailure: assign((_, { error }: { error: unknown }) => ({
      failure: toRequestFailure(error),
    })),
    clearFailure: assign({ failure: null }),
    clearSession: assign({ ...signedOut }),
    markLoggedOut: assign({ loggedOutOnPurpose: true }),
    assignRemoteToken: assign({
      token: ({ context, event }) =>
        event.type === 'auth.remoteLogin' ? event.token : context.token,
    }),
    assignPathname: assign({
      pathname: ({ context, event }) =>
        event.type === 'auth.locationChanged' ? event.pathname : context.pathname,
      // A message about the form on one page means nothing on the next one.
      failure: ({ context, event }) =>
        event.type === 'auth.locationChanged' && event.pathname !== context.pathname
          ? null
          : context.failure,
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isOwnClub: ({ context, event }) =>
      event.type === 'auth.selectClub' && ownClub(context.clubs, event.club) !== null,
    /** The reloaded user lists the club just joined, and the reload was for another club. */
    switchesToJoinedClub: ({ context }, { user }: { user: User }) => {
      const joined = joinedClubIn(user, context.joinedClub);
      return joined !== null && joined.id !== context.selectedClub?.id;
    },
    remoteHasToken: ({ event }) => event.type === 'auth.remoteLogin' && event.token !== null,
    isOnPrivatePage: ({ context }) => !isPublicPath(context.pathname),
    isOnGuestPage: ({ context }) => isGuestOnlyPath(context.pathname),
    isGoingToGuestPage: ({ event }) =>
      event.type === 'auth.locationChanged' && isGuestOnlyPath(event.pathname),
  },
}).createMachine({
  id: 'auth',
  description:
    'The session of one browser tab: restore, log in, register, log out, follow other tabs.',
  context: ({ input }) => ({
    ...signedOut,
    token: input.token,
    // Only a session being restored can keep a stored club (and only if still the user's).
    selectedClub: input.token ? (input.selectedClub ?? null) : null,
    failure: null,
    pathname: input.pathname,
    loggedOutOnPurpose: false,
  }),
  initial: 'initialising',
  on: {
    'auth.locationChanged': { actions: 'assignPathname' },
  },
  states: {
    initialising: {
      tags: ['loading'],
      description: 'Decides from the stored token whether there is a session to restore.',
      always: [{ guard: 'hasToken', target: 'restoring' }, { target: 'unauthenticated' }],
    },
    restoring: {
      tags: ['loading'],
      description: 'Loads /api/user with the stored token; a failure forgets the token.',
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: [
          {
            guard: 'isOnGuestPage',
            target: 'authenticated',
            actions: [...userLoaded, 'navigateHome'],
          },
          { target: 'authenticated', actions: userLoaded },
        ],
        onError: { target: 'unauthenticated', actions: endSession },
      },
      on: {
        'auth.sessionStarted': {
          description: 'The new session wins over the stored one being checked.',
          target: 'authenticated',
          actions: sessionAdopted,
        },
      },
    },
    unauthenticated: {
      on: {
        'auth.sessionStarted': { target: 'authenticated', actions: sessionAdopted },
        'auth.login': { target: 'loggingIn', actions: 'clearFailure' },
        'auth.register': { target: 'registering', actions: 'clearFailure' },
        'auth.remoteLogin': {
          guard: 'remoteHasToken',
          target: 'restoring',
          actions: 'assignRemoteToken',
        },
      },
    },
    loggingIn,
    registering,
    authenticated: {
      type: 'parallel',
      on: {
        'auth.logout': 'loggingOut',
        'auth.logoutEverywhere': 'loggingOutEverywhere',
        'auth.unauthorized': {
          description: 'Silent: no broadcast, no navigation (spec §8).',
          target: 'unauthenticated',
          actions: endSession,
        },
        'auth.remoteLogout': [
          {
            guard: 'isOnPrivatePage',
            target: 'unauthenticated',
            actions: [...endSessionOnPurpose, 'navigateToLogin'],
          },
          { target: 'unauthenticated', actions: endSessionOnPurpose },
        ],
        'auth.locationChanged': [
          { guard: 'isGoingToGuestPage', actions: ['assignPathname', 'navigateHome'] },
          { actions: 'assignPathname' },
        ],
        'auth.sessionStarted': {
          description: 'Maybe someone else: start over with the new user.',
          target: 'authenticated',
          reenter: true,
          actions: sessionAdopted,
        },
      },
      states: { user: userRegion, permissions: permissionsRegion },
    },
    loggingOut: {
      tags: ['loading'],
      description: 'Tells the server; whatever it answers, the session ends here.',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: logoutEnded,
        onError: logoutEnded,
      },
    },
    loggingOutEverywhere,
  },
});
