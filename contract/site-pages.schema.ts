import { z } from 'zod';
import { markdownSchema, optionalSlugSchema } from './blog-posts.schema';
import { requiredText, textSchema, wholeNumberSchema } from './common.schema';

/*
 * The public site's editable pages (issue #17): the fixed pages 'terminos', 'privacidad'
 * and 'about', and the help centre's articles. Each has a default text in the code
 * (server/features/site-pages/default-pages*.ts) served until the super admin saves one.
 * Admin: /api/admin/site-pages, /api/admin/help-articles; public: /api/site-pages/{slug},
 * /api/help-articles.
 */

export const fixedPageSlugs = ['terminos', 'privacidad', 'about'] as const;
export type FixedPageSlug = (typeof fixedPageSlugs)[number];

export const sitePageKinds = ['page', 'help'] as const;
export type SitePageKind = (typeof sitePageKinds)[number];

export const SITE_PAGE_TITLE_MAX = 200;
export const SITE_PAGE_SLUG_MAX = 120;
export const POSITION_MAX = 999;

export const sitePageMessages = {
  notFound: 'Página no encontrada',
  articleNotFound: 'Artículo de ayuda no encontrado',
  duplicateSlug: 'Ya existe una página o un artículo con ese slug; escribe otro',
  defaultArticle:
    'Este artículo viene incluido con la plataforma: puedes editarlo, pero no eliminarlo',
  badPosition: `La posición debe ser un número entero de 0 a ${POSITION_MAX}`,
} as const;

// A JSON integer may be negative: without the floor -1e15 reached the smallint column (500).
const positionSchema = wholeNumberSchema(sitePageMessages.badPosition).pipe(
  z.number().min(0, sitePageMessages.badPosition).max(POSITION_MAX, sitePageMessages.badPosition),
);

/** `PUT /api/admin/site-pages/{slug}`: a fixed page's or a help article's text. */
export const sitePageWriteSchema = z.object({
  title: requiredText('El título', SITE_PAGE_TITLE_MAX),
  body_markdown: markdownSchema('El contenido').default(''),
  /** The help centre's order (ignored for fixed pages); kept when not sent. */
  position: positionSchema.optional(),
});
export type SitePageWrite = z.output<typeof sitePageWriteSchema>;
export type SitePageWriteInput = z.input<typeof sitePageWriteSchema>;

/** `POST /api/admin/help-articles`: a new help article; slug from the title when empty. */
export const helpArticleCreateSchema = sitePageWriteSchema.extend({
  slug: optionalSlugSchema(SITE_PAGE_SLUG_MAX),
});
export type HelpArticleCreate = z.output<typeof helpArticleCreateSchema>;
export type HelpArticleCreateInput = z.input<typeof helpArticleCreateSchema>;

/** A page or article as the admin edits it. */
export const sitePageSchema = z.object({
  slug: z.string(),
  kind: z.enum(sitePageKinds),
  title: z.string(),
  body_markdown: z.string(),
  position: z.number().int(),
  /** True while the text is the one in the code (never saved). */
  is_default: z.boolean(),
  /** True for a help article the super admin added (the included ones cannot go). */
  deletable: z.boolean(),
  updated_at: z.string().nullable(),
});
export type SitePage = z.infer<typeof sitePageSchema>;
export const sitePageResponseSchema = z.object({ data: sitePageSchema });

/** `GET /api/admin/site-pages`: every page and article without their bodies. */
export const sitePageSummarySchema = sitePageSchema.omit({ body_markdown: true });
export type SitePageSummary = z.infer<typeof sitePageSummarySchema>;
export const sitePageListResponseSchema = z.object({ data: z.array(sitePageSummarySchema) });

/** `GET /api/site-pages/{slug}`: the page's text as safe HTML. */
export const publicSitePageSchema = z.object({
  slug: z.string(),
  kind: z.enum(sitePageKinds),
  title: z.string(),
  body_html: z.string(),
  /** A plain-text summary for the meta description. */
  description: z.string(),
  updated_at: z.string().nullable(),
});
export type PublicSitePage = z.infer<typeof publicSitePageSchema>;
export const publicSitePageResponseSchema = z.object({ data: publicSitePageSchema });

/** `GET /api/help-articles?q=`: the articles, searched in title and text without accents. */
export const helpArticlesQuerySchema = z.strictObject(
  {
    q: textSchema('La búsqueda', { typeError: 'La búsqueda debe ser un texto' })
      .trim()
      .max(100, 'La búsqueda no puede tener más de 100 caracteres')
      .optional()
      .transform((value) => value || undefined),
  },
  { error: 'Este parámetro no existe en esta lista' },
);

export const helpArticleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** The first words of the article as plain text. */
  summary: z.string(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;
export const helpArticlesResponseSchema = z.object({ data: z.array(helpArticleSummarySchema) });
