import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AuthResponse, LoginRequest, RegisterRequest } from '../../contract/auth.schema';
import type { ClubSummary, OnboardingStatus, User, UserModule } from '../../contract/user.schema';
import { isGuestOnlyPath, isPublicPath } from '../lib/public-paths';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

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
}

export type AuthEvent =
  | { type: 'auth.login'; credentials: LoginRequest }
  | { type: 'auth.register'; details: RegisterRequest }
  | { type: 'auth.logout' }
  | { type: 'auth.refreshUser' }
  /** A 401 from /api/user or /api/modules: the server ended the session. */
  | { type: 'auth.unauthorized' }
  /** Another tab logged in; the token it stored in the shared localStorage. */
  | { type: 'auth.remoteLogin'; token: string | null }
  /** Another tab logged out. */
  | { type: 'auth.remoteLogout' }
  | { type: 'auth.locationChanged'; pathname: string };

const signedOut = {
  token: null,
  user: null,
  clubs: [],
  modules: [],
  onboarding: null,
} satisfies Partial<AuthContext>;

const sessionOf = (user: User) => ({
  user,
  clubs: user.listClub,
  modules: user.modules,
  onboarding: user.onboarding,
});

/** What ending a session always does, whoever ends it. */
const endSession = ['clearSession', 'clearStorage', 'clearQueryCache'] as const;
/** Ending it on purpose (logout here or in another tab) also tells the guard not to remember the page. */
const endSessionOnPurpose = [...endSession, 'markLoggedOut'] as const;
const broadcastLogin = { type: 'broadcast', params: { message: 'LOGIN' } } as const;
const broadcastLogout = { type: 'broadcast', params: { message: 'LOGOUT' } } as const;
/** Whatever the server answered to the logout: end the session, tell the tabs, leave private pages. */
const logoutEnded = [
  {
    guard: 'isOnPrivatePage',
    target: 'unauthenticated',
    actions: [...endSessionOnPurpose, broadcastLogout, 'navigateToLogin'],
  },
  { target: 'unauthenticated', actions: [...endSessionOnPurpose, broadcastLogout] },
] as const;

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
    loadUser: fromPromise<User>(() => Promise.reject(new Error('loadUser is not provided'))),
    login: fromPromise<AuthResponse, LoginRequest>(() =>
      Promise.reject(new Error('login is not provided')),
    ),
    register: fromPromise<AuthResponse, RegisterRequest>(() =>
      Promise.reject(new Error('register is not provided')),
    ),
    logout: fromPromise<void>(() => Promise.reject(new Error('logout is not provided'))),
  },
  actions: {
    // Effects: implemented by the provider, faked by the tests.
    storeToken: (_, _params: { token: string }) => {},
    /** Removes the token and the selected club from localStorage. */
    clearStorage: () => {},
    clearQueryCache: () => {},
    broadcast: (_, _params: { message: AuthBroadcast }) => {},
    navigateToLogin: () => {},
    /** Sends a signed-in user who is on /login or /register to the dashboard. */
    navigateHome: () => {},
    /** Goes to the stored `redirectAfterLogin` path (and forgets it), else to the dashboard. */
    redirectAfterLogin: () => {},
    logRefreshError: (_, _params: { error: unknown }) => {},

    // Pure context updates.
    assignSignedIn: assign((_, { response }: { response: AuthResponse }) => ({
      token: response.token,
      ...sessionOf(response.user),
      failure: null,
      loggedOutOnPurpose: false,
    })),
    assignRestored: assign((_, { user }: { user: User }) => ({
      ...sessionOf(user),
      failure: null,
      loggedOutOnPurpose: false,
    })),
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
            actions: [
              { type: 'assignRestored', params: ({ event }) => ({ user: event.output }) },
              'navigateHome',
            ],
          },
          {
            target: 'authenticated',
            actions: { type: 'assignRestored', params: ({ event }) => ({ user: event.output }) },
          },
        ],
        onError: { target: 'unauthenticated', actions: endSession },
      },
    },
    unauthenticated: {
      on: {
        'auth.login': { target: 'loggingIn', actions: 'clearFailure' },
        'auth.register': { target: 'registering', actions: 'clearFailure' },
        'auth.remoteLogin': {
          guard: 'remoteHasToken',
          target: 'restoring',
          actions: 'assignRemoteToken',
        },
      },
    },
    loggingIn: {
      tags: ['loading'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'auth.login');
          return event.credentials;
        },
        onDone: {
          target: 'authenticated',
          actions: [
            { type: 'assignSignedIn', params: ({ event }) => ({ response: event.output }) },
            { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
            broadcastLogin,
            'redirectAfterLogin',
          ],
        },
        onError: {
          target: 'unauthenticated',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    registering: {
      tags: ['loading'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => {
          assertEvent(event, 'auth.register');
          return event.details;
        },
        onDone: {
          target: 'authenticated',
          actions: [
            { type: 'assignSignedIn', params: ({ event }) => ({ response: event.output }) },
            { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
            broadcastLogin,
            'redirectAfterLogin',
          ],
        },
        onError: {
          target: 'unauthenticated',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    authenticated: {
      initial: 'idle',
      on: {
        'auth.logout': 'loggingOut',
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
      },
      states: {
        idle: {
          on: {
            'auth.refreshUser': 'refreshing',
            'auth.remoteLogin': {
              description: 'Another tab signed in, maybe as someone else: reload the user.',
              guard: 'remoteHasToken',
              target: 'refreshing',
              actions: 'assignRemoteToken',
            },
          },
        },
        refreshing: {
          description: 'Reloads /api/user; a failure keeps the session and is logged (spec §8).',
          on: {
            'auth.remoteLogin': {
              description: 'The user in flight may be the old one: ask again.',
              guard: 'remoteHasToken',
              target: 'refreshing',
              reenter: true,
              actions: 'assignRemoteToken',
            },
          },
          invoke: {
            id: 'refreshUser',
            src: 'loadUser',
            onDone: {
              target: 'idle',
              actions: { type: 'assignRestored', params: ({ event }) => ({ user: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'logRefreshError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
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
  },
});
