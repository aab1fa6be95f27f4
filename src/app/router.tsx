import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenProgress } from '../components/full-screen-progress';
import { HOME_PATH } from '../lib/public-paths';
import { RouteErrorScreen } from '../screens/route-error-screen';
import { useDocumentTitle } from './document-title';
import { RouteGuard } from './route-guard';
import {
  adminScreenPaths,
  devScreenPaths,
  homeScreenPaths,
  layoutLoaders,
  lazyScreen,
  publicScreenPaths,
  signInScreenPaths,
  type ScreenPath,
} from './route-modules';

/*
 * The route table of SPEC.md §2. Every screen is a lazy route module from the registry in
 * route-modules.ts (the sidebar preloads through the same loaders). Data mode with lazy
 * routes wants a HydrateFallback on the root route (STACK.md).
 */

/** A route for a registered screen, its path relative to `parent`. */
const screenRoute = (path: ScreenPath, parent: string): RouteObject => ({
  path: path.slice(parent.length + 1),
  lazy: lazyScreen(path),
});

const notFound: RouteObject = { path: '*', lazy: layoutLoaders.notFound };

/** The shell around a guarded area's pages, with the not-found page for the rest of it. */
const shell = (children: RouteObject[]): RouteObject => ({
  lazy: layoutLoaders.appShell,
  children: [...children, notFound],
});

/** Every page: the document title follows the page drawn (document-title.ts). */
function RootLayout() {
  useDocumentTitle();
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: FullScreenProgress,
    ErrorBoundary: RouteErrorScreen,
    children: [
      ...signInScreenPaths.map((path) => screenRoute(path, '')),
      {
        // Every other page reads server data: the cache is loaded with the first of them.
        lazy: layoutLoaders.dataCache,
        children: [
          ...publicScreenPaths.map((path) =>
            path === '/' ? { index: true, lazy: lazyScreen(path) } : screenRoute(path, ''),
          ),
          {
            path: 'home',
            element: <RouteGuard area="home" />,
            children: [
              shell([
                { index: true, element: <Navigate to={HOME_PATH} replace /> },
                ...homeScreenPaths.map((path) => screenRoute(path, '/home')),
              ]),
            ],
          },
          {
            path: 'admin',
            element: <RouteGuard area="home" />,
            children: [
              shell([
                { index: true, element: <Navigate to="/admin/dashboard" replace /> },
                ...adminScreenPaths.map((path) => screenRoute(path, '/admin')),
              ]),
            ],
          },
          {
            // QA's pages (issue #13 item 7); the guard decides who may open them.
            path: 'dev',
            element: <RouteGuard area="home" />,
            children: [
              shell([
                { index: true, element: <Navigate to="/dev/statecharts" replace /> },
                ...devScreenPaths.map((path) => screenRoute(path, '/dev')),
              ]),
            ],
          },
          {
            path: 'onboarding',
            element: <RouteGuard area="onboarding" />,
            children: [
              {
                lazy: layoutLoaders.onboardingLayout,
                children: [
                  { index: true, lazy: lazyScreen('/onboarding') },
                  { path: '*', lazy: lazyScreen('/onboarding/*') },
                ],
              },
            ],
          },
          notFound,
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;

export type RouterState = AppRouter['state'];
