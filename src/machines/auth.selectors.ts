import type { SnapshotFrom } from 'xstate';
import { CLUB_OWNER_ROLE } from '../../contract/names';
import type { User, UserPermissions } from '../../contract/users.schema';
import { hasRole } from '../lib/permissions';
import type { authMachine } from './auth.machine';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** What a guard needs to know: still checking, signed in, or signed out. */
export type SessionStatus = 'checking' | 'signedIn' | 'signedOut';

export const selectSessionStatus = (snapshot: AuthSnapshot): SessionStatus => {
  if (snapshot.matches('initialising') || snapshot.matches('restoring')) return 'checking';
  if (
    snapshot.matches('authenticated') ||
    snapshot.matches('loggingOut') ||
    snapshot.matches('loggingOutEverywhere')
  )
    return 'signedIn';
  return 'signedOut';
};

export const selectIsAuthenticated = (snapshot: AuthSnapshot) => snapshot.matches('authenticated');

/** True while a call the user waits for is running (restore, login, register, logout, logout everywhere). */
export const selectIsBusy = (snapshot: AuthSnapshot) => snapshot.hasTag('loading');

export const selectUser = (snapshot: AuthSnapshot) => snapshot.context.user;

/** The signed-in user's id, 0 when nobody is signed in (the roll call's device data is theirs). */
export const selectUserId = (snapshot: AuthSnapshot): number => snapshot.context.user?.id ?? 0;

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
    details: {
      name: '',
      lastname: '',
      email: '',
      password: '',
      password_confirmation: '',
      accept_terms: false,
      terms_version: '',
      accept_data_policy: false,
      data_policy_version: '',
    },
  });

export const selectCanLogout = (snapshot: AuthSnapshot) => snapshot.can({ type: 'auth.logout' });

export const selectCanLogoutEverywhere = (snapshot: AuthSnapshot) =>
  snapshot.can({ type: 'auth.logoutEverywhere' });

/** The club the user works in (spec §3), or null when none is selected. */
export const selectSelectedClub = (snapshot: AuthSnapshot) => snapshot.context.selectedClub;

/** The selected club's id, 0 when none (the sidebar greys its items when it is not above 0). */
export const selectSelectedClubId = (snapshot: AuthSnapshot): number =>
  snapshot.context.selectedClub?.id ?? 0;

/** The name of the user's first role, or null when they have none yet. */
export const selectFirstRoleName = (snapshot: AuthSnapshot): string | null =>
  snapshot.context.user?.roles[0]?.name ?? null;

const permissionsByUser = new WeakMap<User, UserPermissions>();

/**
 * The signed-in user's roles and permissions (the shape of GET /api/user/permissions), or
 * null when nobody is signed in. The same object while the user does not change, so a
 * `useSelector` does not re-render for nothing.
 */
export const selectPermissions = (snapshot: AuthSnapshot): UserPermissions | null => {
  const { user } = snapshot.context;
  if (!user) return null;
  let permissions = permissionsByUser.get(user);
  if (!permissions) {
    const { roles, permissions: granted, permissions_by_module, is_super_admin } = user;
    permissions = { roles, permissions: granted, permissions_by_module, is_super_admin };
    permissionsByUser.set(user, permissions);
  }
  return permissions;
};

/**
 * Where the last `auth.refreshPermissions` stands: 'idle' (none asked since the login),
 * 'refreshing', 'ok', or 'failed' (the session kept the permissions it had; spec §8).
 */
export type PermissionsRefresh = 'idle' | 'refreshing' | 'ok' | 'failed';

export const selectPermissionsRefresh = (snapshot: AuthSnapshot): PermissionsRefresh => {
  if (snapshot.matches({ authenticated: { permissions: 'refreshing' } })) return 'refreshing';
  if (snapshot.matches({ authenticated: { permissions: 'refreshed' } })) return 'ok';
  if (snapshot.matches({ authenticated: { permissions: 'failed' } })) return 'failed';
  return 'idle';
};

/**
 * The user's current club when they own it (or are super admin), else null: the club the
 * onboarding wizard updates instead of creating another.
 */
export const selectOwnedCurrentClubId = (snapshot: AuthSnapshot): number | null => {
  const clubId = snapshot.context.user?.current_club_id ?? null;
  return clubId !== null && hasRole(selectPermissions(snapshot), CLUB_OWNER_ROLE) ? clubId : null;
};

/** Whether the signed-in user is the platform's super admin. */
export const selectIsSuperAdmin = (snapshot: AuthSnapshot): boolean =>
  snapshot.context.user?.is_super_admin ?? false;
