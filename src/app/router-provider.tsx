import { useLayoutEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import type { AppRouter } from './router';

/**
 * React Router's `RouterProvider`, never left behind its router. `RouterProvider` reads
 * `router.state` when it renders and subscribes to the router once it has committed. The
 * app's first render is a transition (src/main.tsx), drawn in slices: on a slow phone the
 * first page's modules can arrive between the two. React Router keeps that first update
 * for its first subscriber only when it has none yet; the app's document title subscribed
 * before the render (until it moved into the page, document-title.ts), so the update
 * reached nobody and the loading spinner stayed up until the next navigation. When the
 * router has moved on by the time the provider commits, it is mounted again on the
 * router's current state, whoever else listens.
 */
export function AppRouterProvider({ router }: { router: AppRouter }) {
  const [mounted, setMounted] = useState(() => ({ key: 0, state: router.state }));
  useLayoutEffect(() => {
    // Runs after the provider's own layout effect has subscribed: what comes next reaches it.
    if (router.state !== mounted.state) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- an update the router made before anyone listened
      setMounted({ key: mounted.key + 1, state: router.state });
    }
  }, [router, mounted]);
  return <RouterProvider key={mounted.key} router={router} />;
}
