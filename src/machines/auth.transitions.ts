import type { AuthResponse } from '../../contract/auth.schema';
import type { User } from '../../contract/users.schema';
import type { AuthContext } from './auth.session';

/*
 * The action lists and transitions the auth machine (auth.machine.ts) uses in several
 * places. Plain data naming the machine's actions and guards; `setup` checks them there.
 */

/** What ending a session always does, whoever ends it. */
export const endSession = ['clearSession', 'clearStorage', 'clearQueryCache'] as const;
/** Ending it on purpose (logout here or in another tab) also tells the guard not to remember the page. */
export const endSessionOnPurpose = [...endSession, 'markLoggedOut'] as const;
const broadcastLogin = { type: 'broadcast', params: { message: 'LOGIN' } } as const;
const broadcastLogout = { type: 'broadcast', params: { message: 'LOGOUT' } } as const;
/** Mirrors the selected club (just chosen or resolved) in localStorage. */
export const storeSelectedClub = {
  type: 'storeSelectedClub',
  params: ({ context }: { context: AuthContext }) => ({ club: context.selectedClub }),
} as const;
type Answered<T> = { event: { output: T } };
/** A login or registration succeeded: keep the session, tell the tabs, go where the user wanted. */
export const signedIn = [
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
export const sessionAdopted = [
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
export const clubSelected = {
  guard: 'isOwnClub',
  target: 'refreshing',
  reenter: true,
  actions: ['assignSelectedClub', storeSelectedClub],
} as const;
/** /api/user answered (restore or refresh). */
export const userLoaded = [
  { type: 'assignRestored', params: ({ event }: Answered<User>) => ({ user: event.output }) },
  storeSelectedClub,
] as const;
/** From every permissions state but the one loading them. */
export const refreshPermissions = { 'auth.refreshPermissions': 'refreshing' } as const;
/** Whatever the server answered to the logout: end the session, tell the tabs, leave private pages. */
export const logoutEnded = [
  {
    guard: 'isOnPrivatePage',
    target: 'unauthenticated',
    actions: [...endSessionOnPurpose, broadcastLogout, 'navigateToLogin'],
  },
  { target: 'unauthenticated', actions: [...endSessionOnPurpose, broadcastLogout] },
] as const;
