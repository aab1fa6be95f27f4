import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onUnauthorized, setSessionSource } from '../api/session';
import { provideAccessTable } from '../lib/api-access';
import { lazyApi } from '../lib/lazy-api';
import { whenIdle } from '../lib/when-idle';
import { storage } from '../lib/storage';
import { createAuthActions, createAuthActors, type AuthApi } from '../machines/auth.actors';
import { authMachine } from '../machines/auth.machine';
import { selectSelectedClubId } from '../machines/auth.selectors';
import { theme } from '../theme/theme';
import { AuthChannel } from './auth-channel';
import { AuthContext } from './auth-context';
import { liveInspector } from './live-actors';
import { AppRouterProvider } from './router-provider';
import type { AppRouter } from './router';

type AuthActors = ReturnType<typeof createAuthActors>;

/*
 * The auth calls, each module imported on its first call: an anonymous /login draws
 * without the API layer and zod, and restoring a stored session loads only the users
 * calls (not the sign-in forms' schemas and password rules).
 */
const { api: signIn } = lazyApi(() => import('../api/auth.api').then((module) => module.authApi));
const { api: session } = lazyApi(() =>
  import('../api/users.api').then(({ getUser, getPermissions }) => ({ getUser, getPermissions })),
);
/*
 * The calls that sign a user in also load the role × operation table the menu, the route
 * guard and the screens read (src/lib/api-access.ts), in parallel: /login does not carry
 * it, and a signed-in user never meets a page before it is here. A chunk that cannot load
 * leaves every check refusing, and the next session load tries again.
 */
let accessTable: Promise<void> | undefined;
const loadAccessTable = () =>
  (accessTable ??= import('../../contract/access-table').then(
    (table) => provideAccessTable(table.accessRowOf),
    () => {
      accessTable = undefined;
    },
  ));
const withAccessTable = <T,>(call: Promise<T>): Promise<T> =>
  Promise.all([call, loadAccessTable()]).then(([answer]) => answer);

const authApi: AuthApi = {
  register: (body) => withAccessTable(signIn.register(body)),
  login: (body) => withAccessTable(signIn.login(body)),
  logout: signIn.logout,
  logoutEverywhere: signIn.logoutEverywhere,
  forgotPassword: signIn.forgotPassword,
  resetPassword: signIn.resetPassword,
  getUser: () => withAccessTable(session.getUser()),
  getPermissions: () => withAccessTable(session.getPermissions()),
};

interface AuthWiringProps {
  router: AppRouter;
  channel: AuthChannel;
}

/** Connects the running auth actor to what happens outside it: 401s, the router, other tabs. */
function AuthWiring({ router, channel }: AuthWiringProps) {
  const auth = AuthContext.useActorRef();

  // A 401 from /api/user or /api/modules (src/api/http.ts) ends the session silently.
  useEffect(() => onUnauthorized(() => auth.send({ type: 'auth.unauthorized' })), [auth]);

  // The http client sends the actor's selected club as X-Club-Id: one source of the club.
  useEffect(
    () => setSessionSource({ clubId: () => selectSelectedClubId(auth.getSnapshot()) || null }),
    [auth],
  );

  // The machine knows the page, so logout and restore can decide where to go (pure guards).
  useEffect(() => {
    let pathname = router.state.location.pathname;
    auth.send({ type: 'auth.locationChanged', pathname });
    return router.subscribe((state) => {
      if (state.location.pathname === pathname) return;
      pathname = state.location.pathname;
      auth.send({ type: 'auth.locationChanged', pathname });
    });
  }, [auth, router]);

  // The other tabs: LOGIN / LOGOUT on auth_channel.
  useEffect(
    () =>
      channel.open((message) => {
        if (message === 'LOGOUT') auth.send({ type: 'auth.remoteLogout' });
        // The other tab stored its token in the shared localStorage before telling us.
        if (message === 'LOGIN') {
          auth.send({ type: 'auth.remoteLogin', token: storage.get('jwtToken') });
        }
      }),
    [auth, channel],
  );

  // localStorage may reach this tab after the LOGIN message: its own event also restores.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'jwtToken' && event.newValue) {
        auth.send({ type: 'auth.remoteLogin', token: event.newValue });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [auth]);

  return null;
}

export interface AuthProviderProps {
  router: AppRouter;
  /** Empties the server-data cache (on logout, or when another user signs in). */
  clearQueryCache: () => void;
  /** Replaces the API calls (tests fake them here, at the actor level). */
  actors?: Partial<AuthActors>;
  children: ReactNode;
}

/** Starts the app-wide auth actor with the real effects (STYLE.md §2). */
export function AuthProvider({ router, clearQueryCache, actors, children }: AuthProviderProps) {
  const [channel] = useState(() => new AuthChannel());
  const logic = useMemo(
    () =>
      authMachine.provide({
        actors: { ...createAuthActors(authApi), ...actors },
        actions: createAuthActions({
          storage,
          navigate: (to) => void router.navigate(to, { replace: true }),
          clearQueryCache,
          broadcast: (message) => channel.post(message),
          logError: (message, error) => console.error(message, error),
        }),
      }),
    [router, clearQueryCache, actors, channel],
  );
  // Read once, when the actor is created.
  const options = {
    input: {
      token: storage.get('jwtToken'),
      pathname: router.state.location.pathname,
      selectedClub: storage.get('selectedClub'),
    },
    // Its events from the start, for QA's statechart page (src/app/live-actors.ts).
    inspect: liveInspector(authMachine.id),
  };
  return (
    <AuthContext.Provider logic={logic} options={options}>
      <AuthWiring router={router} channel={channel} />
      {children}
    </AuthContext.Provider>
  );
}

/** The toasts, loaded after the first page draws (they only follow what the user does). */
const Toaster = lazy(() =>
  import('../components/toaster').then((module) => ({ default: module.Toaster })),
);

/**
 * The server-data cache lives in the pages that read it (src/app/data-cache-layout.tsx);
 * before the first of them loads there is nothing to empty.
 */
const clearAppQueryCache = () =>
  void import('../api/query-client').then(({ queryClient }) => queryClient.clear());

/** Runs `run` when idle after the router has loaded the first page; returns the cancel. */
function afterFirstPage(router: AppRouter, run: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const start = () => (cancelIdle ??= whenIdle(run));
  if (router.state.initialized) {
    start();
    return () => cancelIdle?.();
  }
  const unsubscribe = router.subscribe((state) => {
    if (state.initialized) start();
  });
  return () => {
    unsubscribe();
    cancelIdle?.();
  };
}

/** Everything the app runs inside: theme, auth, router, and the toasts beside them. */
export function AppProviders({ router }: { router: AppRouter }) {
  // The toaster once the first page is up: toasts asked for before wait for it (toast()).
  // Not before the router has the first page's modules: idle moments come while they are
  // on their way, and the toaster's chunk would compete with them (issue #18, /login's LCP).
  const [toaster, setToaster] = useState(false);
  useEffect(() => afterFirstPage(router, () => setToaster(true)), [router]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AuthProvider router={router} clearQueryCache={clearAppQueryCache}>
        <AppRouterProvider router={router} />
      </AuthProvider>
      {toaster && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </ThemeProvider>
  );
}
