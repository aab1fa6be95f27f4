import { ThemeProvider } from '@mui/material/styles';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coverMessages } from '../../contract/blog-covers.schema';
import { BlogAdminScreen } from '../../src/screens/blog-posts/blog-admin-screen';
import { CoverImageField } from '../../src/screens/blog-posts/blog-covers-field';
import { theme } from '../../src/theme/theme';
import { renderRoutes } from './support/render-routes';

afterEach(() => {
  vi.unstubAllGlobals();
});

const STORED = '/api/files/covers/AbCdEfGhIjKlMnOpQrStUv.webp';

interface Upload {
  method: string;
  path: string;
  image: FormDataEntryValue | null;
}

/** The API at the fetch level: each upload recorded, answered when `answer` resolves. */
function fakeUploads(answer: () => Promise<[number, unknown]>) {
  const uploads: Upload[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request?.url ?? String(input), 'http://localhost');
    const body = init?.body instanceof FormData ? init.body : null;
    uploads.push({
      method: (request?.method ?? init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      image: body?.get('cover') ?? null,
    });
    const [status, json] = await answer();
    return Response.json(json, { status });
  });
  return uploads;
}

/** The field inside a form that keeps its value, as the post editor does. */
function renderField(initial = '', title = 'Cómo cobrar la mensualidad') {
  const changes: string[] = [];
  function Harness() {
    const [url, setUrl] = useState(initial);
    return (
      <>
        <CoverImageField
          url={url}
          title={title}
          onChange={(next) => {
            changes.push(next);
            setUrl(next);
          }}
        />
        <output aria-label="Valor">{url}</output>
      </>
    );
  }
  render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <Harness />
      </ThemeProvider>
    </StrictMode>,
  );
  return { changes, value: () => screen.getByLabelText('Valor').textContent };
}

const image = (name = 'portada.png', type = 'image/png', size = 2048) =>
  new File([new Uint8Array(size)], name, { type });

describe('the cover image field', () => {
  it('shows the current cover with the title as alt text and clears it with Quitar', async () => {
    const user = userEvent.setup();
    const field = renderField('https://example.com/portada.jpg');
    expect(
      screen.getByRole('img', { name: 'Portada de «Cómo cobrar la mensualidad»' }),
    ).toHaveAttribute('src', 'https://example.com/portada.jpg');
    await user.click(screen.getByRole('button', { name: 'Quitar' }));
    expect(field.changes).toEqual(['']);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quitar' })).toBeNull();
  });

  it('opens the file picker from the keyboard', async () => {
    const user = userEvent.setup();
    renderField();
    const picker = screen.getByLabelText<HTMLInputElement>('Imagen de portada');
    expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    const opened = vi.fn();
    picker.addEventListener('click', opened);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Subir imagen' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('uploads the chosen image, is busy meanwhile and takes the stored address', async () => {
    const user = userEvent.setup();
    let finish: (answer: [number, unknown]) => void = () => {};
    const uploads = fakeUploads(() => new Promise((resolve) => (finish = resolve)));
    const field = renderField();
    const chosen = image();

    await user.upload(screen.getByLabelText('Imagen de portada'), chosen);
    const busy = await screen.findByRole('button', { name: 'Subiendo…' });
    expect(busy).toBeDisabled();
    expect(
      screen.getByRole('progressbar', { name: 'Subiendo la imagen de portada' }),
    ).toBeVisible();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ method: 'POST', path: '/api/admin/blog-posts/cover' });
    expect(uploads[0]?.image).toBeInstanceOf(File);
    expect((uploads[0]?.image as File).name).toBe('portada.png');

    finish([201, { data: { url: STORED } }]);
    expect(await screen.findByRole('button', { name: 'Subir imagen' })).toBeEnabled();
    expect(field.changes).toEqual([STORED]);
    expect(field.value()).toBe(STORED);
    expect(
      screen.getByRole('img', { name: 'Portada de «Cómo cobrar la mensualidad»' }),
    ).toHaveAttribute('src', STORED);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows the server's refusal in Spanish and keeps the cover as it was", async () => {
    const user = userEvent.setup();
    fakeUploads(async () => [
      422,
      {
        message: coverMessages.wrongType,
        errors: [{ path: 'cover', message: coverMessages.wrongType }],
      },
    ]);
    const field = renderField('https://example.com/antes.jpg');
    await user.upload(screen.getByLabelText('Imagen de portada'), image('virus.jpg', 'image/jpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent(coverMessages.wrongType);
    expect(field.changes).toEqual([]);
    expect(field.value()).toBe('https://example.com/antes.jpg');
    expect(screen.getByRole('button', { name: 'Subir imagen' })).toBeEnabled();
  });

  it('refuses another type or a file over 5 MB before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const uploads = fakeUploads(async () => [201, { data: { url: STORED } }]);
    renderField();
    const picker = screen.getByLabelText('Imagen de portada');
    await user.upload(picker, image('animada.gif', 'image/gif'));
    expect(screen.getByRole('alert')).toHaveTextContent(coverMessages.wrongType);
    await user.upload(picker, image('enorme.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(coverMessages.tooLarge);
    expect(uploads).toHaveLength(0);
  });
});

describe("the post editor's cover", () => {
  it('puts the uploaded address in the URL field and saves it with the post', async () => {
    const user = userEvent.setup();
    const { calls } = renderRoutes(
      '/home/admin/blog',
      [{ path: '/home/admin/blog', element: <BlogAdminScreen /> }],
      {
        user: null,
        api: (call) => {
          if (call.path === '/api/admin/blog-posts' && call.method === 'GET')
            return [200, { data: [], total: 0 }];
          if (call.path === '/api/admin/markdown-preview') return [200, { data: { html: '' } }];
          if (call.path === '/api/admin/blog-posts/cover') return [201, { data: { url: STORED } }];
          if (call.path === '/api/admin/blog-posts' && call.method === 'POST') {
            const body = call.body as { title: string; cover_image_url: string | null };
            return [
              201,
              {
                data: {
                  id: 9,
                  title: body.title,
                  slug: 'con-portada',
                  excerpt: '',
                  cover_image_url: body.cover_image_url,
                  status: 'draft',
                  published_at: null,
                  author_name: 'Ana Admin',
                  created_at: '2026-11-24T15:00:00.000Z',
                  updated_at: '2026-11-24T15:00:00.000Z',
                  body_markdown: '',
                },
              },
            ];
          }
          return [404, { message: `No fake for ${call.path}` }];
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Nueva entrada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva entrada' });
    await user.type(within(dialog).getByRole('textbox', { name: /Título/ }), 'Con portada');
    await user.upload(within(dialog).getByLabelText('Imagen de portada'), image());

    expect(
      await within(dialog).findByRole('img', { name: 'Portada de «Con portada»' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Imagen de portada (URL)' })).toHaveValue(
      STORED,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find(
      (call) => call.method === 'POST' && call.path === '/api/admin/blog-posts',
    );
    expect(post?.body).toMatchObject({ title: 'Con portada', cover_image_url: STORED });
  });
});
