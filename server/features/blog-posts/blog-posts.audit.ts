import type { BlogPostStatus } from '../../../contract/blog-posts.schema';
import { recordAudit } from '../audit-log/record-audit';

type Executor = Parameters<typeof recordAudit>[0];

/** What the audit row names of a post: its id, title and slug, never its body. */
export interface AuditedPost {
  id: number;
  title: string;
  slug: string;
}

const statusActions = {
  published: 'blog_post.published',
  draft: 'blog_post.unpublished',
} as const;

/**
 * The audit row of a post whose status went from `before` (null: a new post) to `after`,
 * written with the change; nothing when the public's view did not change (a new draft, a
 * post saved in the status it had).
 */
export async function auditStatusChange(
  tx: Executor,
  actorUserId: number,
  post: AuditedPost,
  before: BlogPostStatus | null,
  after: BlogPostStatus,
  at: Date,
): Promise<void> {
  if (before === after || (before === null && after === 'draft')) return;
  await recordAudit(tx, {
    actorUserId,
    action: statusActions[after],
    targetType: 'blog_post',
    targetId: post.id,
    details: { title: post.title, slug: post.slug },
    at,
  });
}

/** The audit row of a deleted post, written in the deleting transaction. */
export const auditDeletion = (tx: Executor, actorUserId: number, post: AuditedPost, at: Date) =>
  recordAudit(tx, {
    actorUserId,
    action: 'blog_post.deleted',
    targetType: 'blog_post',
    targetId: post.id,
    details: { title: post.title, slug: post.slug },
    at,
  });
