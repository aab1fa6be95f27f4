import { assign, setup } from 'xstate';
import type { AuthResponse, LoginRequest, RegisterRequest } from '../../contract/auth.schema';
import type { ClubSummary, User, UserPermissions } from '../../contract/users.schema';
import { isGuestOnlyPath, isPublicPath } from '../lib/public-paths';
import { toRequestFailure } from '../lib/request-failure';
import {
  loggingIn,
  loggingOutEverywhere,
  permissionsRegion,
  registering,
  userRegion,
} from './auth.states';
import {
  endSession,
  endSessionOnPurpose,
  logoutEnded,
  sessionAdopted,
  userLoaded,
} from './auth.transitions';
import {
  joinedClubIn,
  notProvided,
  ownClub,
  sessionOf,
  signedOut,
  withPermissions,
  type AuthBroadcast,
  type AuthContext,
  type AuthEvent,
  type AuthInput,
} from './auth.session';

export type { AuthBroadcast, AuthContext, AuthEvent, AuthInput } from './auth.session';

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
