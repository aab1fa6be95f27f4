import { fromPromise, type NonReducibleUnknown } from 'xstate';
import type { AuthResponse, LoginRequest, RegisterRequest } from '../../contract/auth.schema';
import type {
  ClubSummary,
  OnboardingStatus,
  User,
  UserModule,
  UserPermissions,
} from '../../contract/users.schema';
import type { RequestFailure } from '../lib/request-failure';

/*
 * The auth machine's types and the pure functions its `assign`s use, kept apart so the
 * machine file stays a readable statechart (STYLE.md §12).
 */

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
export const signedOut = {
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
export const sessionOf = (user: User, previousClub: ClubSummary | null) => ({
  user,
  clubs: user.listClub,
  modules: user.modules,
  onboarding: user.onboarding,
  selectedClub: resolveSelectedClub(user, previousClub),
});

/** The club just joined, if the reloaded user lists it: the club to work in from now on. */
export const joinedClubIn = (user: User, joined: ClubSummary | null): ClubSummary | null =>
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
export const ownClub = (clubs: readonly ClubSummary[], club: ClubSummary): ClubSummary | null =>
  clubs.find((candidate) => candidate.id === club.id) ?? null;

/** An actor the app must provide (src/machines/auth.actors.ts); tests provide fakes. */
export const notProvided = <Output, Input = NonReducibleUnknown>(name: string) =>
  fromPromise<Output, Input>(() => Promise.reject(new Error(`${name} is not provided`)));
