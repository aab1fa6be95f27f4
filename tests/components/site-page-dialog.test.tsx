import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SitePage } from '../../contract/site-pages.schema';
import { BlogAdminScreen } from '../../src/screens/blog-posts/blog-admin-screen';
import { renderRoutes, type ServerHandler } from './support/render-routes';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const terms: SitePage = {
  slug: 'terminos',
  kind: 'page',
  title: 'Términos y condiciones',
  body_markdown: '## Uso del servicio',
  position: 0,
  is_default: true,
  deletable: false,
  updated_at: null,
};
const { body_markdown: _body, ...termsRow } = terms;

/** The admin's pages API: the list, the page, the preview and `write` for the saves. */
const pagesApi =
  (write: ServerHandler): ServerHandler =>
  (call) => {
    if (call.path === '/api/admin/site-pages' && call.method === 'GET')
      return [200, { data: [termsRow] }];
    if (call.path === '/api/admin/site-pages/terminos' && call.method === 'GET')
      return [200, { data: terms }];
    if (call.path === '/api/admin/markdown-preview') return [200, { data: { html: '<p>…</p>' } }];
    return write(call);
  };

const renderPages = (write: ServerHandler) =>
  renderRoutes(
    '/home/admin/blog?tab=paginas',
    [{ path: '/home/admin/blog', element: <BlogAdminScreen /> }],
    { user: null, api: pagesApi(write) },
  );

describe("the admin's site page editor", () => {
  it('loads a fixed page whole, keeps its slug and saves the new text without it', async () => {
    const user = userEvent.setup();
    const { calls } = renderPages((call) =>
      call.method === 'PUT' && call.path === '/api/admin/site-pages/terminos'
        ? [200, { data: { ...terms, title: 'Términos de uso', is_default: false } }]
        : [404, { message: `No fake for ${call.path}` }],
    );
    await user.click(await screen.findByRole('button', { name: 'Editar Términos y condiciones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar «Términos y condiciones»' });
    const title = await within(dialog).findByRole('textbox', { name: /Título/ });
    expect(title).toHaveValue('Términos y condiciones');
    expect(within(dialog).getByText(/Este texto es el incluido con la plataforma/)).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Slug (dirección)' })).toBeDisabled();
    expect(within(dialog).queryByRole('textbox', { name: 'Orden' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Contenido (Markdown)' })).toHaveValue(
      '## Uso del servicio',
    );

    await user.clear(title);
    await user.type(title, 'Términos de uso');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    // No slug: a page keeps its address (the order goes along; the server ignores it on a page).
    expect(put?.body).toEqual({
      title: 'Términos de uso',
      body_markdown: '## Uso del servicio',
      position: 0,
    });
    expect(await screen.findByText('«Términos de uso» guardada')).toBeVisible();
  });

  it("puts the server's refusal of a new article's slug on the slug field", async () => {
    const user = userEvent.setup();
    const message = 'Ya existe una página o un artículo con ese slug; escribe otro';
    renderPages((call) =>
      call.method === 'POST' && call.path === '/api/admin/help-articles'
        ? [409, { message, errors: [{ path: 'slug', message }] }]
        : [404, { message: `No fake for ${call.path}` }],
    );
    await user.click(await screen.findByRole('button', { name: 'Nuevo artículo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo artículo de ayuda' });
    expect(within(dialog).getByText('Vacío: se toma del título')).toBeVisible();
    expect(within(dialog).getByText('Menor aparece primero')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: /Título/ }), 'Pagos');
    await user.type(within(dialog).getByRole('textbox', { name: 'Slug (dirección)' }), 'terminos');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await within(dialog).findByText(message)).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Slug (dirección)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
