import { act, screen } from '@testing-library/react';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRouterProvider } from '../../src/app/router-provider';

/*
 * The app's first render is a transition, drawn in slices (src/main.tsx). A page whose
 * module arrives while the app is still being drawn must replace the loading spinner: with
 * React Router's own provider it stayed up (seen as /login stuck on its spinner).
 */

/**
 * A route table like the app's: a lazy /login under a root with a loading fallback. The
 * page's module arrives when `arrive` is called.
 */
function routerWithLazyLogin() {
  let arrive = () => {};
  const module = new Promise<{ Component: () => React.ReactNode }>((resolve) => {
    arrive = () => resolve({ Component: () => <h1>Iniciar sesión</h1> });
  });
  const routes: RouteObject[] = [
    {
      id: 'root',
      HydrateFallback: () => <p>Cargando…</p>,
      children: [{ path: 'login', lazy: () => module }],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
  // Someone following the router before the app renders, as the document title did: with
  // nobody listening yet, React Router keeps the first update for its first subscriber.
  router.subscribe(() => {});
  return { router, arrive };
}

/**
 * A part of the app drawn after the router that keeps a slow phone busy for 50 ms, so React
 * yields after it. The page's module arrives in that pause (a timer's turn comes before
 * React's), after the router was drawn and before the app commits.
 */
function SlowSibling({ arrive }: { arrive: () => void }) {
  setTimeout(arrive, 0);
  const end = performance.now() + 50;
  while (performance.now() < end) {
    // busy, as a slow phone's main thread
  }
  return null;
}

function Footer() {
  return <footer />;
}

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

/** Renders `provider` beside the slow sibling in a transition, as src/main.tsx does. */
function renderAsTheAppDoes(provider: React.ReactNode, arrive: () => void) {
  const container = document.createElement('div');
  document.body.append(container);
  containers.push(container);
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <>
        {provider}
        <SlowSibling arrive={arrive} />
        {/* React yields before drawing this: the page's module arrives meanwhile. */}
        <Footer />
      </>,
    ),
  );
  return root;
}

describe('AppRouterProvider', () => {
  it('shows the first page whose module arrived while the app was still being drawn', async () => {
    const { router, arrive } = routerWithLazyLogin();
    const root = renderAsTheAppDoes(<AppRouterProvider router={router} />, arrive);
    expect(
      await screen.findByRole('heading', { name: 'Iniciar sesión' }, { timeout: 2000 }),
    ).toBeVisible();
    expect(screen.queryByText('Cargando…')).toBeNull();
    act(() => root.unmount());
  });

  it("is needed: React Router's own provider stays on the spinner in the same race", async () => {
    const { router, arrive } = routerWithLazyLogin();
    const root = renderAsTheAppDoes(<RouterProvider router={router} />, arrive);
    // The router has the page: only the provider missed it.
    await expect.poll(() => router.state.initialized, { timeout: 2000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('heading', { name: 'Iniciar sesión' })).toBeNull();
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    act(() => root.unmount());
  });
});
