import { and, count, desc, eq, sql } from 'drizzle-orm';
import type {
  PublicBlogListResponse,
  PublicBlogPost,
  PublicBlogQuery,
} from '../../../contract/blog-posts.schema';
import { blogPostMessages } from '../../../contract/blog-posts.schema';
import type { Db } from '../../db/client';
import { blogPosts } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { totalCount } from '../../lib/list-query';
import { renderMarkdown } from '../../lib/markdown';

export const authorName = sql<
  string | null
>`nullif(trim(${users.name} || ' ' || ${users.lastname}), '')`;

/** The public blog's reads: they see published posts only. */
export function createPublicBlogReads(db: Db) {
  return {
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
      const [found] = await db
        .select({ row: blogPosts, author: authorName })
        .from(blogPosts)
        .leftJoin(users, eq(users.id, blogPosts.authorUserId))
        .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published')));
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
