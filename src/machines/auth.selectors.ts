import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.machine';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** What a guard needs to know: still checking, signed in, or signed out. */
export type SessionStatus = 'checking' | 'signedIn' | 'signedOut';

export const selectSessionStatus = (snapshot: AuthSnapshot): SessionStatus => {
  if (snapshot.matches('initialising') || snapshot.matches('restoring')) return 'checking';
  if (snapshot.matches('authenticated') || snapshot.matches('loggingOut')) return 'signedIn';
  return 'signedOut';
};

export const selectIsAuthenticated = (snapshot: AuthSnapshot) => snapshot.matches('authenticated');

/** True while a call the user waits for is running (restore, login, register, logout). */
export const selectIsBusy = (snapshot: AuthSnapshot) => snapshot.hasTag('loading');

export const selectUser = (snapshot: AuthSnapshot) => snapshot.context.user;

export const selectUserName = (snapshot: AuthSnapshot) => snapshot.context.user?.name ?? '';

export const selectClubs = (snapshot: AuthSnapshot) => snapshot.context.clubs;

export const selectModules = (snapshot: AuthSnapshot) => snapshot.context.modules;

export const selectOnboarding = (snapshot: AuthSnapshot) => snapshot.context.onboarding;

/** Why the last login or registration failed (message and field errors), or null. */
export const selectFailure = (snapshot: AuthSnapshot) => snapshot.context.failure;

/** False after a deliberate logout: the guard then does not remember the page for the next login. */
export const selectShouldRememberPage = (snapshot: AuthSnapshot) =>
  !snapshot.context.loggedOutOnPurpose;

export const selectCanLogin = (snapshot: AuthSnapshot) =>
  snapshot.can({ type: 'auth.login', credentials: { email: '', password: '' } });

export const selectCanRegister = (snapshot: AuthSnapshot) =>
  snapshot.can({
    type: 'auth.register',
    details: { name: '', lastname: '', email: '', password: '', password_confirmation: '' },
  });

export const selectCanLogout = (snapshot: AuthSnapshot) => snapshot.can({ type: 'auth.logout' });
