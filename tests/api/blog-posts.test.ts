import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  type BlogPost,
  type BlogPostWriteInput,
  blogPostListResponseSchema,
  blogPostMessages,
  blogPostResponseSchema,
  publicBlogListResponseSchema,
  publicBlogPostResponseSchema,
} from '../../contract/blog-posts.schema';
import { platformMessages } from '../../contract/platform.schema';
import { auditLog, blogPosts } from '../../server/db/schema/platform';
import { superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

type Account = Awaited<ReturnType<typeof registerUser>>;

const ADMIN = '/api/admin/blog-posts';

async function created(
  ctx: TestContext,
  admin: Account,
  body: Partial<BlogPostWriteInput> = {},
): Promise<BlogPost> {
  const response = await ctx.request({
    method: 'POST',
    url: ADMIN,
    token: admin.token,
    body: { title: 'Cómo organizar tu escuela', body_markdown: 'Hola **clubes**', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return blogPostResponseSchema.parse(response.json()).data;
}

const publicList = async (ctx: TestContext, query = '') => {
  const response = await ctx.request({ method: 'GET', url: `/api/blog-posts${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return publicBlogListResponseSchema.parse(response.json());
};

const errorsOf = (response: { json: () => unknown }) =>
  ((response.json() as { errors?: { path: string; message: string }[] }).errors ?? []).map(
    ({ path, message }) => [path, message],
  );

describeEachDatabase('Blog posts API', (ctx) => {
  it('creates a draft with a slug from the title, its author the caller; the public does not see it', async () => {
    const admin = await superAdmin(ctx);
    const post = await created(ctx, admin, { title: '¿Cómo cobrar la mensualidad?' });
    expect(post).toMatchObject({
      slug: 'como-cobrar-la-mensualidad',
      status: 'draft',
      published_at: null,
      author_name: 'María José Núñez Ríos',
      body_markdown: 'Hola **clubes**',
    });
    const [row] = await ctx.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row?.authorUserId).toBe(admin.id);

    const hidden = await ctx.request({ method: 'GET', url: `/api/blog-posts/${post.slug}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: blogPostMessages.notFound });
    expect((await publicList(ctx)).data.map((p) => p.slug)).not.toContain(post.slug);
  });

  it('publishes once: published_at is the first publication and survives unpublishing', async () => {
    const admin = await superAdmin(ctx);
    const post = await created(ctx, admin, { title: 'Fechas de publicación' });
    const firstPublication = ctx.clock.now().toISOString();
    const publish = (status: string) =>
      ctx.request({
        method: 'PATCH',
        url: `${ADMIN}/${post.id}/status`,
        token: admin.token,
        body: { status },
      });
    const published = blogPostResponseSchema.parse((await publish('published')).json()).data;
    expect(published.published_at).toBe(firstPublication);

    ctx.clock.advanceMinutes(60);
    const draft = blogPostResponseSchema.parse((await publish('draft')).json()).data;
    expect(draft).toMatchObject({ status: 'draft', published_at: firstPublication });
    const again = await ctx.request({
      method: 'PUT',
      url: `${ADMIN}/${post.id}`,
      token: admin.token,
      body: { title: 'Fechas de publicación', slug: post.slug, status: 'published' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(blogPostResponseSchema.parse(again.json()).data.published_at).toBe(firstPublication);
  });

  it('lists published posts newest first with the total, paged', async () => {
    const admin = await superAdmin(ctx);
    const before = (await publicList(ctx)).total;
    const slugs: string[] = [];
    for (const title of ['Primera pública', 'Segunda pública', 'Tercera pública']) {
      ctx.clock.advanceMinutes(10);
      slugs.push((await created(ctx, admin, { title, status: 'published' })).slug);
    }
    await created(ctx, admin, { title: 'Borrador escondido' });

    const page = await publicList(ctx, '?page=1&pageSize=6');
    expect(page.total).toBe(before + 3);
    expect(page.data.slice(0, 3).map((p) => p.slug)).toEqual([...slugs].reverse());
    expect(page.data.map((p) => p.slug)).not.toContain('borrador-escondido');
    expect(page.data[0]).toMatchObject({
      title: 'Tercera pública',
      author_name: 'María José Núñez Ríos',
    });
    const second = await publicList(ctx, `?page=${Math.ceil((before + 3) / 6) + 1}&pageSize=6`);
    expect(second).toEqual({ data: [], total: before + 3 });

    const bad = await ctx.request({ method: 'GET', url: '/api/blog-posts?pageSize=7' });
    expect(bad.statusCode).toBe(400);
  });

  it('serves a published post with its Markdown rendered and sanitised', async () => {
    const admin = await superAdmin(ctx);
    const post = await created(ctx, admin, {
      title: 'Entrada con ataques',
      status: 'published',
      body_markdown: [
        '## Título',
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '[x](javascript:alert(1))',
        '[sitio](https://ejemplo.co)',
      ].join('\n\n'),
    });
    const response = await ctx.request({ method: 'GET', url: `/api/blog-posts/${post.slug}` });
    expect(response.statusCode, response.body).toBe(200);
    const { body_html: html } = publicBlogPostResponseSchema.parse(response.json()).data;
    expect(html).toContain('<h2>Título</h2>');
    expect(html).toContain(
      '<a href="https://ejemplo.co" rel="noopener noreferrer nofollow">sitio</a>',
    );
    // The payloads survive only as escaped text: no element, no event attribute, no link.
    expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses a taken slug with 409 on slug, typed or from the title', async () => {
    const admin = await superAdmin(ctx);
    const first = await created(ctx, admin, { title: 'Slug repetido' });
    const again = await ctx.request({
      method: 'POST',
      url: ADMIN,
      token: admin.token,
      body: { title: 'Slug   repetido!' },
    });
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)).toEqual([['slug', blogPostMessages.duplicateSlug]]);

    const other = await created(ctx, admin, { title: 'Otra', slug: 'Mi Slug Propio' });
    expect(other.slug).toBe('mi-slug-propio');
    const rename = await ctx.request({
      method: 'PUT',
      url: `${ADMIN}/${other.id}`,
      token: admin.token,
      body: { title: 'Otra', slug: first.slug },
    });
    expect(rename.statusCode).toBe(409);
    expect(errorsOf(rename)).toEqual([['slug', blogPostMessages.duplicateSlug]]);
  });

  it('refuses bad input naming the field', async () => {
    const admin = await superAdmin(ctx);
    const post = (body: unknown) =>
      ctx.request({ method: 'POST', url: ADMIN, token: admin.token, body });
    const cases: [unknown, string][] = [
      [{ title: '  ' }, 'title'],
      [{ title: 'Ok', slug: '¡¡¡' }, 'slug'],
      [{ title: 'Ok', status: 'archived' }, 'status'],
      [{ title: 'Ok', cover_image_url: 'javascript:alert(1)' }, 'cover_image_url'],
      [{ title: 'Ok', body_markdown: 'a\u0000b' }, 'body_markdown'],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(response).map(([path]) => path)).toContain(field);
    }
    const missing = await ctx.request({
      method: 'GET',
      url: `${ADMIN}/2147483647`,
      token: admin.token,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists drafts and published for the admin, filtered and searched; deletes a post', async () => {
    const admin = await superAdmin(ctx);
    const draft = await created(ctx, admin, { title: 'Búsqueda de borradores' });
    await created(ctx, admin, { title: 'Busqueda publicada', status: 'published' });
    const list = async (query: string) => {
      const response = await ctx.request({
        method: 'GET',
        url: `${ADMIN}?${query}`,
        token: admin.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return blogPostListResponseSchema.parse(response.json());
    };
    expect((await list('q=busqueda&sort=title')).data.map((p) => p.title)).toEqual([
      'Búsqueda de borradores',
      'Busqueda publicada',
    ]);
    expect((await list('q=busqueda&status=draft')).data.map((p) => p.id)).toEqual([draft.id]);

    const removed = await ctx.request({
      method: 'DELETE',
      url: `${ADMIN}/${draft.id}`,
      token: admin.token,
    });
    expect(removed.statusCode).toBe(200);
    expect((await list('q=busqueda&status=draft')).total).toBe(0);
  });

  it('answers 403 to anyone but the super admin and 401 without a session', async () => {
    const someone = await registerUser(ctx);
    for (const [method, url] of [
      ['GET', ADMIN],
      ['POST', ADMIN],
      ['PUT', `${ADMIN}/1`],
      ['PATCH', `${ADMIN}/1/status`],
      ['DELETE', `${ADMIN}/1`],
      ['POST', '/api/admin/markdown-preview'],
    ] as const) {
      const refused = await ctx.request({
        method,
        url,
        token: someone.token,
        body: { title: 'x', status: 'draft', markdown: 'x' },
      });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({ message: platformMessages.superAdminOnly });
      const anonymous = await ctx.request({ method, url, body: { title: 'x' } });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await ctx.db.select().from(blogPosts).where(eq(blogPosts.title, 'x'))).toEqual([]);
  });

  it('audits publishing, unpublishing and deleting once each, never a draft saved or a refusal', async () => {
    const admin = await superAdmin(ctx);
    const audited = async (postId: number) =>
      (
        await ctx.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.targetType, 'blog_post'), eq(auditLog.targetId, postId)))
          .orderBy(auditLog.id)
      ).map((row) => [row.action, row.actorUserId, row.details]);
    const request = (method: 'PATCH' | 'PUT' | 'DELETE', url: string, body?: object) =>
      ctx.request({ method, url: `${ADMIN}${url}`, token: admin.token, body });

    const draft = await created(ctx, admin, {
      title: 'Entrada auditada',
      body_markdown: 'Secreto',
    });
    const named = { title: 'Entrada auditada', slug: draft.slug };
    expect(await audited(draft.id)).toEqual([]);
    expect(
      (await request('PATCH', `/${draft.id}/status`, { status: 'published' })).statusCode,
    ).toBe(200);
    // Publishing what is already published changes nothing for the public.
    expect(
      (await request('PATCH', `/${draft.id}/status`, { status: 'published' })).statusCode,
    ).toBe(200);
    const edit = { ...named, body_markdown: 'Otro texto', status: 'draft' };
    expect((await request('PUT', `/${draft.id}`, edit)).statusCode).toBe(200);
    expect((await request('PUT', `/${draft.id}`, edit)).statusCode).toBe(200);
    const taken = await created(ctx, admin, { title: 'Otra entrada' });
    const clash = await request('PUT', `/${taken.id}`, { ...edit, status: 'published' });
    expect(clash.statusCode).toBe(409);
    expect((await request('DELETE', `/${draft.id}`)).statusCode).toBe(200);
    expect((await request('DELETE', `/${draft.id}`)).statusCode).toBe(404);
    expect(await audited(draft.id)).toEqual([
      ['blog_post.published', admin.id, named],
      ['blog_post.unpublished', admin.id, named],
      ['blog_post.deleted', admin.id, named],
    ]);
    expect(await audited(taken.id)).toEqual([]);

    const direct = await created(ctx, admin, { title: 'Publicada al crear', status: 'published' });
    expect(await audited(direct.id)).toEqual([
      ['blog_post.published', admin.id, { title: 'Publicada al crear', slug: direct.slug }],
    ]);
  });

  it('previews Markdown as the public will see it', async () => {
    const admin = await superAdmin(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/admin/markdown-preview',
      token: admin.token,
      body: { markdown: '**hola** <script>alert(1)</script>' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { html: '<p><strong>hola</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>\n' },
    });
  });
});
