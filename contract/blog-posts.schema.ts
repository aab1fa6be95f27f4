import { z } from 'zod';
import {
  idSchema,
  listQuerySchema,
  listResponseSchema,
  optionalText,
  requiredText,
  textSchema,
} from './common.schema';

/*
 * The public blog (issue #17): posts the super admin writes in Markdown under
 * /api/admin/blog-posts, read by anyone under /api/blog-posts once published. The server
 * renders and sanitises the Markdown (server/lib/markdown.ts); the browser injects only
 * that HTML.
 */

export const blogPostStatuses = ['draft', 'published'] as const;
export type BlogPostStatus = (typeof blogPostStatuses)[number];
export const blogPostStatusLabels: Record<BlogPostStatus, string> = {
  draft: 'Borrador',
  published: 'Publicada',
};

export const BLOG_TITLE_MAX = 200;
export const BLOG_SLUG_MAX = 120;
export const BLOG_EXCERPT_MAX = 500;
export const MARKDOWN_MAX = 100_000;
export const COVER_URL_MAX = 500;

export const blogPostMessages = {
  notFound: 'Entrada no encontrada',
  duplicateSlug: 'Ya existe una entrada con ese slug; escribe otro',
  badSlug: 'El slug debe tener al menos una letra o un número',
  badStatus: "El estado debe ser 'draft' o 'published'",
  badCover: 'La imagen de portada debe ser una dirección http(s) o un archivo de este sitio',
} as const;

/**
 * A URL path segment from any text: lower case, accents dropped, anything else a single
 * hyphen ('¿Cómo cobrar la mensualidad?' → 'como-cobrar-la-mensualidad').
 */
export function slugify(text: string, max = BLOG_SLUG_MAX): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

/** An optional slug as typed: normalised by `slugify`; null when not sent or empty. */
export const optionalSlugSchema = (max = BLOG_SLUG_MAX) =>
  optionalText('El slug', max)
    .transform((value) => (value === null || value === undefined ? null : slugify(value, max)))
    .refine((value) => value !== '', blogPostMessages.badSlug);

/** `{slug}` of a path: any text (an unknown slug is a 404, not a 400). */
export const slugParamsSchema = z.object({
  slug: textSchema('El slug').max(200, 'El slug no es válido'),
});

/** A cover image: an absolute http(s) URL or a path of this site's served files. */
const coverImageSchema = optionalText('La imagen de portada', COVER_URL_MAX).refine(
  (value) =>
    value === null ||
    value === undefined ||
    /^https?:\/\/[^\s]+$/i.test(value) ||
    /^\/(?:uploads|api\/files)\/[A-Za-z0-9/._-]+$/.test(value),
  blogPostMessages.badCover,
);

/** Markdown text: line breaks allowed, no control characters, at most MARKDOWN_MAX. */
export const markdownSchema = (label: string) =>
  textSchema(label, { multiline: true, typeError: `${label} debe ser un texto` }).max(
    MARKDOWN_MAX,
    `${label} no puede tener más de ${MARKDOWN_MAX} caracteres`,
  );

/** `POST /api/admin/blog-posts` and `PUT …/{id}`: the whole post. */
export const blogPostWriteSchema = z.object({
  title: requiredText('El título', BLOG_TITLE_MAX),
  slug: optionalSlugSchema(),
  excerpt: optionalText('El resumen', BLOG_EXCERPT_MAX, { multiline: true }),
  body_markdown: markdownSchema('El contenido').default(''),
  cover_image_url: coverImageSchema,
  status: z.enum(blogPostStatuses, { error: blogPostMessages.badStatus }).default('draft'),
});
export type BlogPostWrite = z.output<typeof blogPostWriteSchema>;
export type BlogPostWriteInput = z.input<typeof blogPostWriteSchema>;

/** `PATCH /api/admin/blog-posts/{id}/status`: publish or unpublish. */
export const blogPostStatusSchema = z.object({
  status: z.enum(blogPostStatuses, { error: blogPostMessages.badStatus }),
});

export const blogPostParamsSchema = z.object({ id: idSchema('El identificador de la entrada') });

/** A post as the admin grid lists it. */
export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  cover_image_url: z.string().nullable(),
  status: z.enum(blogPostStatuses),
  published_at: z.string().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** A post to edit: the summary plus its Markdown. */
export const blogPostSchema = blogPostSummarySchema.extend({ body_markdown: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;
export const blogPostResponseSchema = z.object({ data: blogPostSchema });

export const blogPostSortFields = [
  'title',
  'status',
  'published_at',
  'updated_at',
  'created_at',
] as const;
export type BlogPostSortField = (typeof blogPostSortFields)[number];

/** `GET /api/admin/blog-posts`: the grid's query, with a status filter. */
export const blogPostListQuerySchema = listQuerySchema({
  sortable: blogPostSortFields,
  defaultSort: '-updated_at',
  filters: {
    status: z.enum(blogPostStatuses, { error: blogPostMessages.badStatus }).optional(),
  },
});
export const blogPostListResponseSchema = listResponseSchema(blogPostSummarySchema);
export type BlogPostListResponse = z.infer<typeof blogPostListResponseSchema>;
export type BlogPostListQuery = z.output<typeof blogPostListQuerySchema>;

export const PUBLIC_BLOG_PAGE_SIZES = [6, 12, 24] as const;

/** `GET /api/blog-posts`: published posts, newest first. */
export const publicBlogQuerySchema = listQuerySchema({
  sortable: ['published_at'],
  defaultSort: '-published_at',
  pageSizes: PUBLIC_BLOG_PAGE_SIZES,
  defaultPageSize: 6,
});
export type PublicBlogQuery = z.output<typeof publicBlogQuerySchema>;

/** A published post in the public list. */
export const publicBlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  cover_image_url: z.string().nullable(),
  published_at: z.string(),
  author_name: z.string().nullable(),
});
export type PublicBlogPostSummary = z.infer<typeof publicBlogPostSummarySchema>;
export const publicBlogListResponseSchema = listResponseSchema(publicBlogPostSummarySchema);
export type PublicBlogListResponse = z.infer<typeof publicBlogListResponseSchema>;

/** `GET /api/blog-posts/{slug}`: a published post with its body as safe HTML. */
export const publicBlogPostSchema = publicBlogPostSummarySchema.extend({
  updated_at: z.string(),
  body_html: z.string(),
});
export type PublicBlogPost = z.infer<typeof publicBlogPostSchema>;
export const publicBlogPostResponseSchema = z.object({ data: publicBlogPostSchema });

/** `POST /api/admin/markdown-preview`: the editor's live preview, rendered as published. */
export const markdownPreviewSchema = z.object({ markdown: markdownSchema('El contenido') });
export const markdownPreviewResponseSchema = z.object({ data: z.object({ html: z.string() }) });
