import { fromPromise } from 'xstate';
import type {
  AuthResponse,
  ForgotPasswordRequest,
  LoginRequest,
  MessageResponse,
  RegisterRequest,
  ResetPasswordRequest,
} from '../../contract/auth.schema';
import type { ClubSummary, User, UserPermissions } from '../../contract/users.schema';
import { HOME_PATH, LOGIN_PATH, safeRedirectTarget } from '../lib/public-paths';
import type { TypedStorage } from '../lib/storage';
import type { AuthBroadcast, authMachine } from './auth.machine';

/**
 * The auth endpoints the machines need, described here (machines may not import src/api);
 * src/api/auth.api.ts satisfies it and tests pass fakes. Every method rejects with a
 * RequestError (src/lib/request-failure.ts) when the call fails.
 */
export interface AuthApi {
  register(body: RegisterRequest): Promise<AuthResponse>;
  login(body: LoginRequest): Promise<AuthResponse>;
  logout(): Promise<void>;
  /** Ends every session of the user (all devices); the machine then ends this one too. */
  logoutEverywhere(): Promise<void>;
  forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse>;
  resetPassword(body: ResetPasswordRequest): Promise<MessageResponse>;
  getUser(): Promise<User>;
  /** `GET /api/user/permissions`: the roles and permissions of the user in their club. */
  getPermissions(): Promise<UserPermissions>;
}

type AuthImplementations = Parameters<typeof authMachine.provide>[0];

/**
 * Drops the roll call's cached sheets (player names, notes) of every user when a session
 * ends; the lists still waiting to be sent stay for their owner (src/lib/attendance-queue.ts).
 * Imported only now, so /login's first load carries no IndexedDB code. Never rejects: a
 * device without IndexedDB (private mode) or a chunk that cannot load must not stop a logout.
 */
export const clearAttendanceSheets = (): Promise<void> =>
  import('../lib/attendance-queue')
    .then((store) => store.clearCachedSheets())
    .catch(() => undefined);

/** The auth machine's actors on top of an API. */
export function createAuthActors(api: AuthApi) {
  return {
    loadUser: fromPromise<User>(() => api.getUser()),
    login: fromPromise<AuthResponse, LoginRequest>(({ input }) => api.login(input)),
    register: fromPromise<AuthResponse, RegisterRequest>(({ input }) => api.register(input)),
    logout: fromPromise<void>(() => api.logout()),
    logoutEverywhere: fromPromise<void>(() => api.logoutEverywhere()),
    loadPermissions: fromPromise<UserPermissions>(() => api.getPermissions()),
  } satisfies AuthImplementations['actors'];
}

/** What the auth machine's actions act on; the provider passes the real ones. */
export interface AuthEffectDeps {
  storage: TypedStorage;
  navigate: (to: string) => void;
  clearQueryCache: () => void;
  broadcast: (message: AuthBroadcast) => void;
  logError: (message: string, error: unknown) => void;
}

/** The auth machine's effect actions on top of the browser's storage, router, cache and channel. */
export function createAuthActions(deps: AuthEffectDeps) {
  return {
    storeToken: (_: unknown, { token }: { token: string }) => deps.storage.set('jwtToken', token),
    clearStorage: () => {
      deps.storage.remove('jwtToken');
      deps.storage.remove('selectedClub');
      void clearAttendanceSheets();
    },
    clearQueryCache: () => deps.clearQueryCache(),
    broadcast: (_: unknown, { message }: { message: AuthBroadcast }) => deps.broadcast(message),
    navigateToLogin: () => deps.navigate(LOGIN_PATH),
    navigateHome: () => deps.navigate(HOME_PATH),
    redirectAfterLogin: () => {
      const target = safeRedirectTarget(deps.storage.get('redirectAfterLogin'));
      deps.storage.remove('redirectAfterLogin');
      deps.navigate(target ?? HOME_PATH);
    },
    storeSelectedClub: (_: unknown, { club }: { club: ClubSummary | null }) => {
      if (club) deps.storage.set('selectedClub', club);
      else deps.storage.remove('selectedClub');
    },
    logRefreshError: (_: unknown, { error }: { error: unknown }) =>
      deps.logError('No se pudo actualizar el usuario', error),
    logPermissionsError: (_: unknown, { error }: { error: unknown }) =>
      deps.logError('No se pudieron actualizar los permisos', error),
  } satisfies AuthImplementations['actions'];
}
