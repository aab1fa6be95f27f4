import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { authApi } from '../api/auth.api';
import { onUnauthorized, setSessionSource } from '../api/http';
import { queryClient as appQueryClient } from '../api/query-client';
import { ToastContent } from '../components/toast-content';
import { storage } from '../lib/storage';
import { createAuthActions, createAuthActors } from '../machines/auth.actors';
import { authMachine } from '../machines/auth.machine';
import { selectSelectedClubId } from '../machines/auth.selectors';
import { theme } from '../theme/theme';
import { AuthChannel } from './auth-channel';
import { AuthContext } from './auth-context';
import type { AppRouter } from './router';

type AuthActors = ReturnType<typeof createAuthActors>;

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
  queryClient: QueryClient;
  /** Replaces the API calls (tests fake them here, at the actor level). */
  actors?: Partial<AuthActors>;
  children: ReactNode;
}

/** Starts the app-wide auth actor with the real effects (STYLE.md §2). */
export function AuthProvider({ router, queryClient, actors, children }: AuthProviderProps) {
  const [channel] = useState(() => new AuthChannel());
  const logic = useMemo(
    () =>
      authMachine.provide({
        actors: { ...createAuthActors(authApi), ...actors },
        actions: createAuthActions({
          storage,
          navigate: (to) => void router.navigate(to, { replace: true }),
          clearQueryCache: () => queryClient.clear(),
          broadcast: (message) => channel.post(message),
          logError: (message, error) => console.error(message, error),
        }),
      }),
    [router, queryClient, actors, channel],
  );
  // Read once, when the actor is created.
  const options = {
    input: {
      token: storage.get('jwtToken'),
      pathname: router.state.location.pathname,
      selectedClub: storage.get('selectedClub'),
    },
  };
  return (
    <AuthContext.Provider logic={logic} options={options}>
      <AuthWiring router={router} channel={channel} />
      {children}
    </AuthContext.Provider>
  );
}

/** Toasts: one at a time for 5 s (spec §9), variants `default` and `destructive`. */
function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={1}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={{ default: ToastContent, destructive: ToastContent }}
      iconVariant={{ destructive: <ErrorOutline fontSize="small" sx={{ mr: 1 }} /> }}
    >
      {children}
    </SnackbarProvider>
  );
}

/** Everything the app runs inside: theme, toasts, data cache, auth, router. */
export function AppProviders({ router }: { router: AppRouter }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>
        <QueryClientProvider client={appQueryClient}>
          <AuthProvider router={router} queryClient={appQueryClient}>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}
