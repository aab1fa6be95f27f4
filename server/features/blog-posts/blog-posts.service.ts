import { count, eq, sql } from 'drizzle-orm';
import {
  type BlogPost,
  type BlogPostListQuery,
  type BlogPostListResponse,
  type BlogPostStatus,
  type BlogPostSummary,
  type BlogPostWrite,
  blogPostMessages,
  slugify,
} from '../../../contract/blog-posts.schema';
import type { Db } from '../../db/client';
import { blogPosts } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { AppError, conflictOn } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { applyList, byName, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import { isUniqueViolation } from '../../lib/sql-state';
import { auditDeletion, auditStatusChange } from './blog-posts.audit';
import { authorName, createPublicBlogReads } from './blog-posts.public';

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
 * The blog's posts: the super admin's writes (the route has checked the role; publishing,
 * unpublishing and deleting are audited in the same transaction) and the public reads,
 * which see published posts only.
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
      const row = await uniqueSlug(() =>
        db.transaction(async (tx) => {
          const [inserted] = await tx
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
            .returning();
          await auditStatusChange(tx, authorUserId, inserted!, null, input.status, now);
          return inserted!;
        }),
      );
      return find(row.id);
    },

    async update(actorUserId: number, id: number, input: BlogPostWrite): Promise<BlogPost> {
      await uniqueSlug(() =>
        db.transaction(async (tx) => {
          const [current] = await tx
            .select({ publishedAt: blogPosts.publishedAt, status: blogPosts.status })
            .from(blogPosts)
            .where(eq(blogPosts.id, id))
            .for('update');
          if (!current) throw new AppError(404, blogPostMessages.notFound);
          const now = clock.now();
          const slug = slugOf(input);
          await tx
            .update(blogPosts)
            .set({
              title: input.title,
              slug,
              excerpt: input.excerpt ?? '',
              bodyMarkdown: input.body_markdown,
              coverImageUrl: input.cover_image_url ?? null,
              status: input.status,
              publishedAt: publishedAtFor(input.status, current.publishedAt, now),
              updatedAt: now,
            })
            .where(eq(blogPosts.id, id));
          const post = { id, title: input.title, slug };
          await auditStatusChange(tx, actorUserId, post, current.status, input.status, now);
        }),
      );
      return find(id);
    },

    async setStatus(actorUserId: number, id: number, status: BlogPostStatus): Promise<BlogPost> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ status: blogPosts.status })
          .from(blogPosts)
          .where(eq(blogPosts.id, id))
          .for('update');
        if (!current) throw new AppError(404, blogPostMessages.notFound);
        const [updated] = await tx
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
          .returning();
        await auditStatusChange(tx, actorUserId, updated!, current.status, status, now);
      });
      return find(id);
    },

    async remove(actorUserId: number, id: number): Promise<BlogPost> {
      const post = await find(id);
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(blogPosts)
          .where(eq(blogPosts.id, id))
          .returning({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug });
        if (!deleted) throw new AppError(404, blogPostMessages.notFound);
        await auditDeletion(tx, actorUserId, deleted, clock.now());
      });
      return post;
    },

    ...createPublicBlogReads(db),
  };
}
