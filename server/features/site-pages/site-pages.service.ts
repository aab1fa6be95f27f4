import { asc, eq } from 'drizzle-orm';
import { slugify } from '../../../contract/blog-posts.schema';
import {
  type HelpArticleCreate,
  type HelpArticleSummary,
  type PublicSitePage,
  type SitePage,
  type SitePageSummary,
  type SitePageWrite,
  fixedPageSlugs,
  sitePageMessages,
} from '../../../contract/site-pages.schema';
import type { Db } from '../../db/client';
import { sitePages } from '../../db/schema/platform';
import { AppError, conflictOn } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { markdownToText, renderMarkdown } from '../../lib/markdown';
import { isUniqueViolation } from '../../lib/sql-state';
import { recordAudit } from '../audit-log/record-audit';
import {
  type DefaultPage,
  defaultFixedPages,
  defaultHelpPages,
  defaultPageOf,
} from './default-pages';

type Row = typeof sitePages.$inferSelect;

/** Text folded for search: lower case, no accents ('Categorías' and 'categorias' match). */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The first words of a text, cut at a word. */
function summaryOf(text: string, max = 180): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trimEnd()}…`;
}

const fromDefault = (page: DefaultPage): SitePage => ({
  slug: page.slug,
  kind: page.kind,
  title: page.title,
  body_markdown: page.body,
  position: page.position,
  is_default: true,
  deletable: false,
  updated_at: null,
});

const fromRow = (row: Row): SitePage => ({
  slug: row.slug,
  kind: row.kind,
  title: row.title,
  body_markdown: row.bodyMarkdown,
  position: row.position,
  is_default: false,
  deletable: row.kind === 'help' && defaultPageOf(row.slug) === undefined,
  updated_at: row.updatedAt.toISOString(),
});

const withoutBody = ({ body_markdown: _body, ...page }: SitePage): SitePageSummary => page;

const fixedOrder = (slug: string) =>
  fixedPageSlugs.indexOf(slug as (typeof fixedPageSlugs)[number]);

export type SitePagesService = ReturnType<typeof createSitePagesService>;

/**
 * The fixed pages and the help articles: each saved row, and the code's default for a
 * fixed page or an included article that has none. The route has checked the super admin
 * for the writes.
 */
export function createSitePagesService({ db, clock }: { db: Db; clock: Clock }) {
  /** Every page and article, saved or default: fixed pages first, then articles by position. */
  /** The audit row of a page's change: its slug, kind and title, never its text. */
  const audit = (
    tx: Parameters<typeof recordAudit>[0],
    action: 'site_page.edited' | 'site_page.created' | 'site_page.deleted',
    row: typeof sitePages.$inferSelect,
    userId: number,
    at: Date,
  ) =>
    recordAudit(tx, {
      actorUserId: userId,
      action,
      targetType: 'site_page',
      targetId: row.id,
      details: { slug: row.slug, kind: row.kind, title: row.title },
      at,
    });

  async function all(): Promise<SitePage[]> {
    const rows = await db
      .select()
      .from(sitePages)
      .orderBy(asc(sitePages.position), asc(sitePages.id));
    const saved = new Map(rows.map((row) => [row.slug, fromRow(row)]));
    const defaults = [...Object.values(defaultFixedPages), ...defaultHelpPages]
      .filter((page) => !saved.has(page.slug))
      .map(fromDefault);
    return [...saved.values(), ...defaults].sort(
      (a, b) =>
        (a.kind === b.kind ? 0 : a.kind === 'page' ? -1 : 1) ||
        (a.kind === 'page' ? fixedOrder(a.slug) - fixedOrder(b.slug) : a.position - b.position) ||
        a.title.localeCompare(b.title, 'es'),
    );
  }

  async function find(slug: string): Promise<SitePage | undefined> {
    const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, slug));
    if (row) return fromRow(row);
    const fallback = defaultPageOf(slug);
    return fallback && fromDefault(fallback);
  }

  async function mustFind(slug: string): Promise<SitePage> {
    const page = await find(slug);
    if (!page) throw new AppError(404, sitePageMessages.notFound);
    return page;
  }

  return {
    list: async (): Promise<SitePageSummary[]> => (await all()).map(withoutBody),

    get: mustFind,

    /**
     * Saves a fixed page's or an existing article's text (the first save creates its row),
     * with its audit row (the slug and title, never the text) in the same transaction.
     */
    async save(slug: string, input: SitePageWrite, userId: number): Promise<SitePage> {
      const current = await mustFind(slug);
      const now = clock.now();
      const values = {
        title: input.title,
        bodyMarkdown: input.body_markdown,
        position: input.position ?? current.position,
        updatedAt: now,
        updatedBy: userId,
      };
      const row = await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(sitePages)
          .values({ kind: current.kind, slug, ...values })
          .onConflictDoUpdate({ target: sitePages.slug, set: values })
          .returning();
        await audit(tx, 'site_page.edited', saved!, userId, now);
        return saved!;
      });
      return fromRow(row);
    },

    async createArticle(input: HelpArticleCreate, userId: number): Promise<SitePage> {
      const slug = input.slug ?? (slugify(input.title) || 'articulo');
      if (defaultPageOf(slug)) throw conflictOn('slug', sitePageMessages.duplicateSlug);
      const position =
        input.position ?? Math.max(0, ...(await all()).map((page) => page.position)) + 10;
      const now = clock.now();
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(sitePages)
            .values({
              kind: 'help',
              slug,
              title: input.title,
              bodyMarkdown: input.body_markdown,
              position: Math.min(position, 999),
              updatedAt: now,
              updatedBy: userId,
            })
            .returning();
          await audit(tx, 'site_page.created', created!, userId, now);
          return created!;
        });
        return fromRow(row);
      } catch (error) {
        if (isUniqueViolation(error, 'site_pages_slug_unique'))
          throw conflictOn('slug', sitePageMessages.duplicateSlug);
        throw error;
      }
    },

    /** Deletes an article the super admin added; the included ones stay (409). */
    async removeArticle(slug: string, userId: number): Promise<SitePage> {
      const page = await find(slug);
      if (!page || page.kind !== 'help') throw new AppError(404, sitePageMessages.articleNotFound);
      if (!page.deletable) throw new AppError(409, sitePageMessages.defaultArticle);
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(sitePages).where(eq(sitePages.slug, slug)).returning();
        if (removed) await audit(tx, 'site_page.deleted', removed, userId, clock.now());
      });
      return page;
    },

    /** A page or article for the public site, its text rendered and sanitised. */
    async publicPage(slug: string): Promise<PublicSitePage> {
      const page = await mustFind(slug);
      return {
        slug: page.slug,
        kind: page.kind,
        title: page.title,
        body_html: renderMarkdown(page.body_markdown),
        description: summaryOf(markdownToText(page.body_markdown), 155),
        updated_at: page.updated_at,
      };
    },

    /** The help centre's articles whose title or text holds `q`, ignoring case and accents. */
    async helpArticles(q: string | undefined): Promise<HelpArticleSummary[]> {
      const needle = q === undefined ? undefined : fold(q);
      return (await all())
        .filter((page) => page.kind === 'help')
        .map((page) => ({ page, text: markdownToText(page.body_markdown) }))
        .filter(
          ({ page, text }) =>
            needle === undefined ||
            fold(page.title).includes(needle) ||
            fold(text).includes(needle),
        )
        .map(({ page, text }) => ({
          slug: page.slug,
          title: page.title,
          summary: summaryOf(text),
        }));
    },
  };
}
