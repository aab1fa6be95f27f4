import { act, render, waitFor } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle } from '../../src/app/document-title';
import { usePageMeta } from '../../src/lib/use-page-meta';

/*
 * The document title is the title of the page on screen (src/app/document-title.ts): set
 * once a page is drawn, so a navigation undone before its page was drawn (Back pressed at
 * once on a slow phone) leaves the title of the page still shown. Seen in the browser
 * tests: Back from /login to /pricing kept 'Iniciar sesión' over the pricing page.
 */

function Root() {
  useDocumentTitle();
  return <Outlet />;
}

function Pricing() {
  usePageMeta('Precios', 'Planes y precios.');
  return <h1>Planes y precios</h1>;
}

/** A page still on its way: it never finishes drawing. */
const never = new Promise<never>(() => {});
function LoginStillDrawing(): never {
  throw never;
}

describe('useDocumentTitle', () => {
  it("names each page drawn, and the public pages' own titles stay", async () => {
    const router = createMemoryRouter(
      [
        {
          Component: Root,
          children: [
            { path: 'pricing', Component: Pricing },
            { path: 'login', element: <h1>Iniciar sesión</h1> },
          ],
        },
      ],
      { initialEntries: ['/pricing'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(document.title).toBe('Precios · Gestión deportiva'));
    await act(() => router.navigate('/login'));
    await waitFor(() => expect(document.title).toBe('Iniciar sesión · Gestión deportiva'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(document.title).toBe('Precios · Gestión deportiva'));
  });

  it('keeps the title of the page on screen when a navigation is undone before its page is drawn', async () => {
    const router = createMemoryRouter(
      [
        {
          Component: Root,
          children: [
            { path: 'pricing', Component: Pricing },
            { path: 'login', Component: LoginStillDrawing },
          ],
        },
      ],
      { initialEntries: ['/pricing'] },
    );
    const { getByRole } = render(<RouterProvider router={router} />);
    await waitFor(() => expect(document.title).toBe('Precios · Gestión deportiva'));
    // The router is at /login, but its page has not been drawn: the pricing page stays.
    await act(async () => {
      await router.navigate('/login');
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(getByRole('heading', { name: 'Planes y precios' })).toBeVisible();
    await act(async () => {
      await router.navigate(-1);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getByRole('heading', { name: 'Planes y precios' })).toBeVisible();
    expect(document.title).toBe('Precios · Gestión deportiva');
  });
});
