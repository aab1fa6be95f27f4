import { assertEvent } from 'xstate';
import type { User, UserPermissions } from '../../contract/users.schema';
import type { AuthEvent } from './auth.session';
import {
  clubSelected,
  logoutEnded,
  refreshPermissions,
  signedIn,
  userLoaded,
} from './auth.transitions';

/*
 * States of the auth machine (auth.machine.ts) that read best on their own: the sign-in
 * calls and the two parallel regions of `authenticated`. Plain data naming the machine's actions and guards, which `setup` checks there. Kept
 * apart so the machine file stays a readable statechart under 250 lines (STYLE.md §12).
 */

type Failed = { event: { error: unknown } };
type Answered<T> = { event: { output: T } };

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
export const loggingOutEverywhere = {
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
export const loggingIn = {
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
export const registering = {
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
export const userRegion = {
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
export const permissionsRegion = {
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
