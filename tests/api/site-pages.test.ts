import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { platformMessages } from '../../contract/platform.schema';
import {
  helpArticlesResponseSchema,
  publicSitePageResponseSchema,
  sitePageListResponseSchema,
  sitePageMessages,
  sitePageResponseSchema,
} from '../../contract/site-pages.schema';
import { auditLog, sitePages } from '../../server/db/schema/platform';
import { superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const publicPage = async (ctx: TestContext, slug: string) => {
  const response = await ctx.request({ method: 'GET', url: `/api/site-pages/${slug}` });
  expect(response.statusCode, response.body).toBe(200);
  return publicSitePageResponseSchema.parse(response.json()).data;
};

const helpSearch = async (ctx: TestContext, q?: string) => {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/help-articles${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return helpArticlesResponseSchema.parse(response.json()).data;
};

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
].join('\n\n');

describeEachDatabase('Site pages API', (ctx) => {
  it('serves the default texts of the fixed pages before anything is saved', async () => {
    const privacy = await publicPage(ctx, 'privacidad');
    expect(privacy.kind).toBe('page');
    expect(privacy.updated_at).toBeNull();
    for (const phrase of ['Ley 1581 de 2012', 'Decreto 1377 de 2013', 'revocar', 'suprimir']) {
      expect(privacy.body_html).toContain(phrase);
    }
    expect(privacy.description.length).toBeGreaterThan(40);
    expect((await publicPage(ctx, 'terminos')).title).toBe('Términos y condiciones');
    expect((await publicPage(ctx, 'about')).body_html).toContain('<h2>');
    const unknown = await ctx.request({ method: 'GET', url: '/api/site-pages/no-existe' });
    expect(unknown.statusCode).toBe(404);
  });

  it('saves a page the super admin edits; the public then reads it sanitised', async () => {
    const admin = await superAdmin(ctx);
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/admin/site-pages/terminos',
      token: admin.token,
      body: { title: 'Términos del servicio', body_markdown: `Texto **nuevo**\n\n${XSS}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(sitePageResponseSchema.parse(saved.json()).data).toMatchObject({
      slug: 'terminos',
      is_default: false,
      deletable: false,
    });
    const page = await publicPage(ctx, 'terminos');
    expect(page.title).toBe('Términos del servicio');
    expect(page.body_html).toContain('<strong>nuevo</strong>');
    expect(page.body_html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="javascript/i);
    expect(page.updated_at).not.toBeNull();
  });

  it('lists the help articles and searches title and text without accents', async () => {
    const all = await helpSearch(ctx);
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all[0]?.slug).toBe('primeros-pasos');
    expect((await helpSearch(ctx, 'CATEGORIAS')).map((a) => a.slug)).toContain('crear-categorias');
    // 'sin conexión' is only in the text of the attendance article.
    expect((await helpSearch(ctx, 'sin conexion')).map((a) => a.slug)).toEqual([
      'calendario-y-asistencia',
    ]);
    expect(await helpSearch(ctx, 'zzz-nada')).toEqual([]);
  });

  it('adds, edits and deletes a help article; the included ones cannot be deleted', async () => {
    const admin = await superAdmin(ctx);
    const created = await ctx.request({
      method: 'POST',
      url: '/api/admin/help-articles',
      token: admin.token,
      body: { title: 'Exportar reportes', body_markdown: `Cómo exportar.\n\n${XSS}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const article = sitePageResponseSchema.parse(created.json()).data;
    expect(article).toMatchObject({ slug: 'exportar-reportes', kind: 'help', deletable: true });
    expect((await helpSearch(ctx, 'exportar')).map((a) => a.slug)).toEqual(['exportar-reportes']);
    const html = (await publicPage(ctx, 'exportar-reportes')).body_html;
    expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="javascript/i);

    const duplicate = await ctx.request({
      method: 'POST',
      url: '/api/admin/help-articles',
      token: admin.token,
      body: { title: 'Otra', slug: 'privacidad' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      errors: [{ path: 'slug', message: sitePageMessages.duplicateSlug }],
    });

    const included = await ctx.request({
      method: 'DELETE',
      url: '/api/admin/help-articles/primeros-pasos',
      token: admin.token,
    });
    expect(included.statusCode).toBe(409);
    expect(included.json()).toMatchObject({ message: sitePageMessages.defaultArticle });
    const page = await ctx.request({
      method: 'DELETE',
      url: '/api/admin/help-articles/terminos',
      token: admin.token,
    });
    expect(page.statusCode).toBe(404);

    const removed = await ctx.request({
      method: 'DELETE',
      url: '/api/admin/help-articles/exportar-reportes',
      token: admin.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(await helpSearch(ctx, 'exportar')).toEqual([]);

    // One audit row for the creation and one for the deletion; none for the refusals.
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorUserId, admin.id),
          inArray(auditLog.action, ['site_page.created', 'site_page.deleted']),
        ),
      )
      .orderBy(auditLog.id);
    const details = { slug: 'exportar-reportes', kind: 'help', title: 'Exportar reportes' };
    expect(audited.map((r) => [r.action, r.targetType, r.details])).toEqual([
      ['site_page.created', 'site_page', details],
      ['site_page.deleted', 'site_page', details],
    ]);
    expect(JSON.stringify(audited)).not.toContain('Cómo exportar');
  });

  it('lists every page and article for the admin, saved or default', async () => {
    const admin = await superAdmin(ctx);
    const response = await ctx.request({
      method: 'GET',
      url: '/api/admin/site-pages',
      token: admin.token,
    });
    expect(response.statusCode).toBe(200);
    const { data } = sitePageListResponseSchema.parse(response.json());
    expect(data.slice(0, 3).map((page) => page.slug)).toEqual(['terminos', 'privacidad', 'about']);
    expect(data.filter((page) => page.kind === 'help').length).toBeGreaterThanOrEqual(5);
    const one = await ctx.request({
      method: 'GET',
      url: '/api/admin/site-pages/privacidad',
      token: admin.token,
    });
    expect(sitePageResponseSchema.parse(one.json()).data.body_markdown).toContain('Ley 1581');
  });

  it('audits each edit of a page once with its slug and title, never the text; not a refused one', async () => {
    const admin = await superAdmin(ctx);
    const put = (body: unknown, token = admin.token) =>
      ctx.request({ method: 'PUT', url: '/api/admin/site-pages/privacidad', token, body });
    const edited = () =>
      ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'site_page.edited'), eq(auditLog.actorUserId, admin.id)))
        .orderBy(auditLog.id);
    expect((await put({ title: ' ', body_markdown: 'x' })).statusCode).toBe(400);
    const someone = await registerUser(ctx);
    expect((await put({ title: 'Ajeno', body_markdown: 'x' }, someone.token)).statusCode).toBe(403);
    expect(await edited()).toEqual([]);

    const body = { title: 'Política de datos', body_markdown: 'Texto completo de la política' };
    expect((await put(body)).statusCode).toBe(200);
    expect((await put({ ...body, title: 'Política de datos personales' })).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(sitePages).where(eq(sitePages.slug, 'privacidad'));
    const rows = await edited();
    expect(rows.map((r) => [r.targetType, r.targetId, r.clubId, r.details])).toEqual([
      [
        'site_page',
        row!.id,
        null,
        { slug: 'privacidad', kind: 'page', title: 'Política de datos' },
      ],
      [
        'site_page',
        row!.id,
        null,
        { slug: 'privacidad', kind: 'page', title: 'Política de datos personales' },
      ],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Texto completo');
  });

  it('refuses bad input and unknown pages', async () => {
    const admin = await superAdmin(ctx);
    const put = (slug: string, body: unknown) =>
      ctx.request({
        method: 'PUT',
        url: `/api/admin/site-pages/${slug}`,
        token: admin.token,
        body,
      });
    const empty = await put('about', { title: ' ', body_markdown: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: [{ path: 'title' }] });
    const position = await put('about', { title: 'Acerca', position: 5000 });
    expect(position.statusCode).toBe(400);
    expect((await put('no-existe', { title: 'Nueva' })).statusCode).toBe(404);
    const query = await ctx.request({ method: 'GET', url: '/api/help-articles?search=x' });
    expect(query.statusCode).toBe(400);
  });

  it('refuses a negative position with 400 on position, for a page and a new article (was a 500)', async () => {
    const admin = await superAdmin(ctx);
    const refusals = [
      ['PUT', '/api/admin/site-pages/about', { title: 'Acerca', position: -1 }],
      ['POST', '/api/admin/help-articles', { title: 'Ayuda', position: -9007199254740940 }],
      ['POST', '/api/admin/help-articles', { title: 'Ayuda', position: -1 }],
    ] as const;
    for (const [method, url, body] of refusals) {
      const response = await ctx.request({ method, url, token: admin.token, body });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({
        message: 'Datos inválidos',
        errors: [{ path: 'position', message: sitePageMessages.badPosition }],
      });
    }
    const stored = await ctx.db.select().from(sitePages).where(eq(sitePages.title, 'Ayuda'));
    expect(stored).toEqual([]);
  });

  it('answers 403 to anyone but the super admin', async () => {
    const someone = await registerUser(ctx);
    for (const [method, url] of [
      ['GET', '/api/admin/site-pages'],
      ['GET', '/api/admin/site-pages/terminos'],
      ['PUT', '/api/admin/site-pages/terminos'],
      ['POST', '/api/admin/help-articles'],
      ['DELETE', '/api/admin/help-articles/primeros-pasos'],
    ] as const) {
      const refused = await ctx.request({
        method,
        url,
        token: someone.token,
        body: { title: 'Hackeado' },
      });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({ message: platformMessages.superAdminOnly });
    }
    expect((await publicPage(ctx, 'terminos')).title).not.toBe('Hackeado');
  });
});
