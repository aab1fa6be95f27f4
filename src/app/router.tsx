import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenProgress } from '../components/full-screen-progress';
import { RouteErrorScreen } from '../screens/route-error-screen';
import { RequireAuth } from './require-auth';

/*
 * Every screen is a lazy route module: its code loads when the route is first visited.
 * Data mode with lazy routes wants a HydrateFallback on the root route (STACK.md).
 */
const notFound = async () => ({
  Component: (await import('../screens/not-found-screen')).NotFoundScreen,
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: FullScreenProgress,
    ErrorBoundary: RouteErrorScreen,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../screens/public/landing-screen')).LandingScreen,
        }),
      },
      {
        path: 'login',
        lazy: async () => ({
          Component: (await import('../screens/auth/login-screen')).LoginScreen,
        }),
      },
      {
        path: 'register',
        lazy: async () => ({
          Component: (await import('../screens/auth/register-screen')).RegisterScreen,
        }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('../screens/auth/forgot-password-screen')).ForgotPasswordScreen,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('../screens/auth/reset-password-screen')).ResetPasswordScreen,
        }),
      },
      {
        path: 'home',
        Component: RequireAuth,
        children: [
          { index: true, element: <Navigate to="/home/dashboard" replace /> },
          {
            path: 'dashboard',
            lazy: async () => ({
              Component: (await import('../screens/home/dashboard-screen')).DashboardScreen,
            }),
          },
          { path: '*', lazy: notFound },
        ],
      },
      { path: '*', lazy: notFound },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;
