import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  type BlogPost,
  type BlogPostListQuery,
  type BlogPostListResponse,
  type BlogPostStatus,
  type BlogPostSummary,
  type BlogPostWrite,
  type PublicBlogListResponse,
  type PublicBlogPost,
  type PublicBlogQuery,
  blogPostMessages,
  slugify,
} from '../../../contract/blog-posts.schema';
import type { Db } from '../../db/client';
import { blogPosts } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { AppError, conflictOn } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { applyList, byName, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import { renderMarkdown } from '../../lib/markdown';
import { isUniqueViolation } from '../../lib/sql-state';

type Row = typeof blogPosts.$inferSelect;

/** A slug the title gives when none is typed; 'entrada' for a title without letters. */
const slugOf = (input: BlogPostWrite): string => input.slug ?? (slugify(input.title) || 'entrada');

/** The unique slug turns into the Spanish 409 on `slug`, also when two writes race. */
async function uniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'blog_posts_slug_unique'))
      throw conflictOn('slug', blogPostMessages.duplicateSlug);
    throw error;
  }
}

const authorName = sql<string | null>`nullif(trim(${users.name} || ' ' || ${users.lastname}), '')`;

const summaryOf = (row: Row, author: string | null): BlogPostSummary => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  cover_image_url: row.coverImageUrl,
  status: row.status,
  published_at: row.publishedAt?.toISOString() ?? null,
  author_name: author,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const postOf = (row: Row, author: string | null): BlogPost => ({
  ...summaryOf(row, author),
  body_markdown: row.bodyMarkdown,
});

export type BlogPostsService = ReturnType<typeof createBlogPostsService>;

/**
 * The blog's posts: the super admin's writes (the route has checked the role) and the
 * public reads, which see published posts only.
 */
export function createBlogPostsService({ db, clock }: { db: Db; clock: Clock }) {
  const withAuthor = () =>
    db
      .select({ row: blogPosts, author: authorName })
      .from(blogPosts)
      .leftJoin(users, eq(users.id, blogPosts.authorUserId));

  async function find(id: number): Promise<BlogPost> {
    const [found] = await withAuthor().where(eq(blogPosts.id, id));
    if (!found) throw new AppError(404, blogPostMessages.notFound);
    return postOf(found.row, found.author);
  }

  /** `published_at` is set the first time a post is published and kept after that. */
  const publishedAtFor = (status: BlogPostStatus, current: Date | null, now: Date) =>
    status === 'published' ? (current ?? now) : current;

  return {
    find,

    async list(query: BlogPostListQuery): Promise<BlogPostListResponse> {
      const clauses = listClauses(
        query,
        {
          sortKeys: {
            title: [byName(blogPosts.title)],
            status: [blogPosts.status, byName(blogPosts.title)],
            published_at: [blogPosts.publishedAt],
            updated_at: [blogPosts.updatedAt],
            created_at: [blogPosts.createdAt],
          },
          searchColumns: [blogPosts.title, blogPosts.slug, blogPosts.excerpt],
          id: blogPosts.id,
        },
        query.status === undefined ? undefined : eq(blogPosts.status, query.status),
      );
      const page = await applyList(
        db
          .select({ row: blogPosts, author: authorName, total: totalCount() })
          .from(blogPosts)
          .leftJoin(users, eq(users.id, blogPosts.authorUserId))
          .$dynamic(),
        clauses,
      );
      const { rows, total } = await pageWithTotal(page, clauses, async () => {
        const [counted] = await db.select({ n: count() }).from(blogPosts).where(clauses.where);
        return counted?.n ?? 0;
      });
      return { data: rows.map(({ row, author }) => summaryOf(row, author)), total };
    },

    async create(authorUserId: number, input: BlogPostWrite): Promise<BlogPost> {
      const now = clock.now();
      const [row] = await uniqueSlug(() =>
        db
          .insert(blogPosts)
          .values({
            title: input.title,
            slug: slugOf(input),
            excerpt: input.excerpt ?? '',
            bodyMarkdown: input.body_markdown,
            coverImageUrl: input.cover_image_url ?? null,
            status: input.status,
            publishedAt: publishedAtFor(input.status, null, now),
            authorUserId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: blogPosts.id }),
      );
      return find(row!.id);
    },

    async update(id: number, input: BlogPostWrite): Promise<BlogPost> {
      await uniqueSlug(() =>
        db.transaction(async (tx) => {
          const [current] = await tx
            .select({ publishedAt: blogPosts.publishedAt })
            .from(blogPosts)
            .where(eq(blogPosts.id, id))
            .for('update');
          if (!current) throw new AppError(404, blogPostMessages.notFound);
          const now = clock.now();
          await tx
            .update(blogPosts)
            .set({
              title: input.title,
              slug: slugOf(input),
              excerpt: input.excerpt ?? '',
              bodyMarkdown: input.body_markdown,
              coverImageUrl: input.cover_image_url ?? null,
              status: input.status,
              publishedAt: publishedAtFor(input.status, current.publishedAt, now),
              updatedAt: now,
            })
            .where(eq(blogPosts.id, id));
        }),
      );
      return find(id);
    },

    async setStatus(id: number, status: BlogPostStatus): Promise<BlogPost> {
      const now = clock.now();
      const [updated] = await db
        .update(blogPosts)
        .set({
          status,
          // The first publication dates the post; unpublishing keeps that date.
          ...(status === 'published' && {
            publishedAt: sql`coalesce(${blogPosts.publishedAt}, ${now.toISOString()}::timestamptz)`,
          }),
          updatedAt: now,
        })
        .where(eq(blogPosts.id, id))
        .returning({ id: blogPosts.id });
      if (!updated) throw new AppError(404, blogPostMessages.notFound);
      return find(id);
    },

    async remove(id: number): Promise<BlogPost> {
      const post = await find(id);
      const deleted = await db
        .delete(blogPosts)
        .where(eq(blogPosts.id, id))
        .returning({ id: blogPosts.id });
      if (deleted.length === 0) throw new AppError(404, blogPostMessages.notFound);
      return post;
    },

    /** Published posts, newest first, for the public /blog. */
    async listPublished(query: PublicBlogQuery): Promise<PublicBlogListResponse> {
      const published = eq(blogPosts.status, 'published');
      const rows = await db
        .select({ row: blogPosts, author: authorName, total: totalCount() })
        .from(blogPosts)
        .leftJoin(users, eq(users.id, blogPosts.authorUserId))
        .where(published)
        .orderBy(
          query.sort.direction === 'asc' ? blogPosts.publishedAt : desc(blogPosts.publishedAt),
          desc(blogPosts.id),
        )
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      let total = rows[0]?.total;
      if (total === undefined) {
        const [counted] = await db.select({ n: count() }).from(blogPosts).where(published);
        total = counted?.n ?? 0;
      }
      return {
        data: rows.map(({ row, author }) => ({
          slug: row.slug,
          title: row.title,
          excerpt: row.excerpt,
          cover_image_url: row.coverImageUrl,
          published_at: (row.publishedAt ?? row.updatedAt).toISOString(),
          author_name: author,
        })),
        total,
      };
    },

    /** A published post by slug with its body rendered and sanitised; 404 otherwise. */
    async findPublished(slug: string): Promise<PublicBlogPost> {
      const [found] = await withAuthor().where(
        and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published')),
      );
      if (!found) throw new AppError(404, blogPostMessages.notFound);
      const { row, author } = found;
      return {
        slug: row.slug,
        title: row.title,
        excerpt: row.excerpt,
        cover_image_url: row.coverImageUrl,
        published_at: (row.publishedAt ?? row.updatedAt).toISOString(),
        updated_at: row.updatedAt.toISOString(),
        author_name: author,
        body_html: renderMarkdown(row.bodyMarkdown),
      };
    },
  };
}
