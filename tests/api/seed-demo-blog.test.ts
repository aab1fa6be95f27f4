import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { publicBlogListResponseSchema } from '../../contract/blog-posts.schema';
import { blogPosts } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { seedDemoBlog } from '../../server/db/seed/demo-blog';
import { describeEachDatabase } from './support/test-app';

describeEachDatabase(
  'the demo blog',
  (ctx) => {
    it('has three published posts by the super admin, newest first on /blog, and one draft', async () => {
      const response = await ctx.request({ method: 'GET', url: '/api/blog-posts' });
      const list = publicBlogListResponseSchema.parse(response.json());
      expect(list.total).toBe(3);
      const dates = list.data.map((post) => Date.parse(post.published_at));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(list.data.every((post) => post.author_name !== null)).toBe(true);

      const drafts = await ctx.db.select().from(blogPosts).where(eq(blogPosts.status, 'draft'));
      expect(drafts).toHaveLength(1);
      expect(drafts[0]?.publishedAt).toBeNull();
      const [admin] = await ctx.db.select().from(users).where(eq(users.email, 'admin@demo.club'));
      expect(drafts[0]?.authorUserId).toBe(admin?.id);

      const post = await ctx.request({
        method: 'GET',
        url: `/api/blog-posts/${list.data[0]!.slug}`,
      });
      expect(post.statusCode).toBe(200);
    });

    it('seeds again without duplicating or changing a post', async () => {
      const before = await ctx.db.select().from(blogPosts);
      const [admin] = await ctx.db.select().from(users).where(eq(users.email, 'admin@demo.club'));
      await seedDemoBlog(ctx.db, { authorId: admin!.id, now: new Date('2030-01-01T00:00:00Z') });
      expect(await ctx.db.select().from(blogPosts)).toEqual(before);
    });
  },
  { demo: true },
);
