import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlogPost, PublicBlogPost } from '../../contract/blog-posts.schema';
import { BlogAdminScreen } from '../../src/screens/blog-posts/blog-admin-screen';
import { BlogPostScreen } from '../../src/screens/public/blog-post-screen';
import { HelpCenterScreen } from '../../src/screens/public/help-center-screen';
import { renderRoutes, type ServerHandler } from './support/render-routes';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const published: PublicBlogPost = {
  slug: 'bienvenidos',
  title: 'Bienvenidos al blog',
  excerpt: 'Guías y novedades para clubes.',
  cover_image_url: null,
  published_at: '2026-11-20T15:00:00.000Z',
  updated_at: '2026-11-20T15:00:00.000Z',
  author_name: 'Ana Admin',
  body_html: '<h2>Qué encontrarás</h2>\n<p>Guías <strong>prácticas</strong>.</p>\n',
};

const publicApi: ServerHandler = (call) =>
  call.path === '/api/blog-posts/bienvenidos'
    ? [200, { data: published }]
    : [404, { message: 'Entrada no encontrada' }];

const renderPost = (slug: string) =>
  renderRoutes(`/blog/${slug}`, [{ path: '/blog/:slug', element: <BlogPostScreen /> }], {
    user: null,
    api: publicApi,
  });

describe('the public post page', () => {
  it("shows the post's server-rendered body, date and author, and titles the document", async () => {
    renderPost('bienvenidos');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenidos al blog' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Qué encontrarás' })).toBeVisible();
    expect(screen.getByText('prácticas').tagName).toBe('STRONG');
    expect(screen.getByText(/20\/11\/2026/).closest('p')).toHaveTextContent(
      '20/11/2026 · Ana Admin',
    );
    expect(document.title).toBe('Bienvenidos al blog · Gestión deportiva');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Guías y novedades para clubes.',
    );
    // Inside the public layout: its header and footer links.
    expect(screen.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Privacidad' })).toHaveAttribute('href', '/privacidad');
  });

  it('shows the 404 page inside the layout for an unknown slug', async () => {
    renderPost('no-existe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Entrada no encontrada' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver todas las entradas' })).toHaveAttribute(
      'href',
      '/blog',
    );
    expect(screen.getByRole('link', { name: 'Blog' })).toBeVisible();
    expect(document.title).toBe('Entrada no encontrada · Gestión deportiva');
  });
});

const saved: BlogPost = {
  id: 7,
  title: 'Nueva guía',
  slug: 'nueva-guia',
  excerpt: '',
  cover_image_url: null,
  status: 'draft',
  published_at: null,
  author_name: 'Ana Admin',
  created_at: '2026-11-24T15:00:00.000Z',
  updated_at: '2026-11-24T15:00:00.000Z',
  body_markdown: '## Hola',
};

describe("the admin's post editor", () => {
  it('previews the Markdown as the server renders it and creates the post', async () => {
    const user = userEvent.setup();
    const previews: string[] = [];
    const { calls } = renderRoutes(
      '/home/admin/blog',
      [{ path: '/home/admin/blog', element: <BlogAdminScreen /> }],
      {
        user: null,
        api: (call) => {
          if (call.path === '/api/admin/blog-posts' && call.method === 'GET')
            return [200, { data: [], total: 0 }];
          if (call.path === '/api/admin/markdown-preview') {
            const { markdown } = call.body as { markdown: string };
            previews.push(markdown);
            // What the server's sanitiser answers: the script as text.
            return [200, { data: { html: markdown ? '<h2>Hola</h2><p>&lt;script&gt;</p>' : '' } }];
          }
          if (call.path === '/api/admin/blog-posts' && call.method === 'POST')
            return [201, { data: saved }];
          return [404, { message: `No fake for ${call.path}` }];
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Nueva entrada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva entrada' });
    await user.type(within(dialog).getByRole('textbox', { name: /Título/ }), 'Nueva guía');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Contenido (Markdown)' }),
      '## Hola<script>',
    );
    const preview = within(dialog).getByRole('region', { name: 'Vista previa' });
    expect(await within(preview).findByRole('heading', { name: 'Hola' })).toBeInTheDocument();
    expect(within(preview).getByText('<script>')).toBeInTheDocument();
    expect(preview.querySelector('script')).toBeNull();
    expect(previews.at(-1)).toBe('## Hola<script>');

    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find(
      (call) => call.method === 'POST' && call.path === '/api/admin/blog-posts',
    );
    expect(post?.body).toMatchObject({
      title: 'Nueva guía',
      slug: null,
      status: 'draft',
      body_markdown: '## Hola<script>',
    });
    expect(await screen.findByText('Entrada «Nueva guía» creada')).toBeVisible();
  });
});

describe('the help centre', () => {
  it('searches the articles through the address and opens one', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderRoutes(
      '/centro-ayuda',
      [{ path: '/centro-ayuda', element: <HelpCenterScreen /> }],
      {
        user: null,
        api: (call) => {
          if (call.path === '/api/help-articles') {
            const all = [
              { slug: 'primeros-pasos', title: 'Primeros pasos', summary: 'Crea tu club.' },
              { slug: 'crear-categorias', title: 'Crear categorías', summary: 'Sub-10, Sub-12.' },
            ];
            return [200, { data: call.query.q ? all.slice(1) : all }];
          }
          if (call.path === '/api/site-pages/crear-categorias')
            return [
              200,
              {
                data: {
                  slug: 'crear-categorias',
                  kind: 'help',
                  title: 'Crear categorías',
                  body_html: '<p>Entra a <strong>Categorías</strong>.</p>',
                  description: 'Entra a Categorías.',
                  updated_at: null,
                },
              },
            ];
          return [404, { message: 'Página no encontrada' }];
        },
      },
    );
    expect(await screen.findByRole('link', { name: 'Primeros pasos' })).toBeVisible();
    expect(document.title).toBe('Centro de ayuda · Gestión deportiva');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar en la ayuda' }), 'categorias');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Primeros pasos' })).toBeNull());
    expect(router.state.location.search).toBe('?q=categorias');
    expect(calls.some((call) => call.query.q === 'categorias')).toBe(true);

    const found = await screen.findByRole('link', { name: 'Crear categorías' });
    expect(screen.queryByRole('link', { name: 'Primeros pasos' })).toBeNull();
    await user.click(found);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Crear categorías' }),
    ).toBeVisible();
    expect(screen.getByText('Categorías').tagName).toBe('STRONG');
    expect(document.title).toBe('Crear categorías · Gestión deportiva');
  });
});
