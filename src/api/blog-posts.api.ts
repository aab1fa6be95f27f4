import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import {
  type BlogPost,
  type BlogPostListResponse,
  type BlogPostSortField,
  type BlogPostStatus,
  type BlogPostWriteInput,
  type PublicBlogListResponse,
  type PublicBlogPost,
  blogPostListResponseSchema,
  blogPostResponseSchema,
  blogPostWriteSchema,
  markdownPreviewResponseSchema,
  publicBlogListResponseSchema,
  publicBlogPostResponseSchema,
} from '../../contract/blog-posts.schema';
import { COVER_FIELD, coverUploadResponseSchema } from '../../contract/blog-covers.schema';
import { type ListParams, listQueryString } from '../../contract/common.schema';
import { authClient, cookieClient, describeFailures } from './http';
import { useRefreshAfter } from './refresh';

/*
 * The blog (issue #17): the super admin's posts under /api/admin/blog-posts and the
 * public's published posts under /api/blog-posts. Answers are parsed with the contract;
 * every failure is a RequestError.
 */

const ADMIN_PATH = '/admin/blog-posts';

export type BlogPostListParams = ListParams<BlogPostSortField> & { status?: BlogPostStatus };

/** `GET /api/admin/blog-posts`: one page of posts, drafts included. */
export const listBlogPosts = (params: BlogPostListParams): Promise<BlogPostListResponse> =>
  describeFailures(async () =>
    blogPostListResponseSchema.parse(
      await authClient(ADMIN_PATH, { query: listQueryString(params) }),
    ),
  );

/** `GET /api/admin/blog-posts/{id}`: the post with its Markdown. */
export const getBlogPost = (id: number): Promise<BlogPost> =>
  describeFailures(
    async () => blogPostResponseSchema.parse(await authClient(`${ADMIN_PATH}/${id}`)).data,
  );

/** `POST /api/admin/blog-posts` (no id) or `PUT …/{id}`: the post as saved. */
export const saveBlogPost = (id: number | null, values: BlogPostWriteInput): Promise<BlogPost> =>
  describeFailures(async () => {
    const body = blogPostWriteSchema.parse(values);
    const answer = await authClient(id === null ? ADMIN_PATH : `${ADMIN_PATH}/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body,
    });
    return blogPostResponseSchema.parse(answer).data;
  });

/** `PATCH /api/admin/blog-posts/{id}/status`: published or back to draft. */
export const changeBlogPostStatus = (id: number, status: BlogPostStatus): Promise<BlogPost> =>
  describeFailures(
    async () =>
      blogPostResponseSchema.parse(
        await authClient(`${ADMIN_PATH}/${id}/status`, { method: 'PATCH', body: { status } }),
      ).data,
  );

/** `DELETE /api/admin/blog-posts/{id}`. */
export const removeBlogPost = (id: number): Promise<BlogPost> =>
  describeFailures(
    async () =>
      blogPostResponseSchema.parse(await authClient(`${ADMIN_PATH}/${id}`, { method: 'DELETE' }))
        .data,
  );

/** `POST /api/admin/blog-posts/cover`: multipart, the image in the field `cover`; its URL. */
export const uploadBlogCover = (image: File): Promise<string> =>
  describeFailures(async () => {
    const body = new FormData();
    body.append(COVER_FIELD, image);
    return coverUploadResponseSchema.parse(
      await authClient(`${ADMIN_PATH}/cover`, { method: 'POST', body }),
    ).data.url;
  });

/** `POST /api/admin/markdown-preview`: the sanitised HTML the public would see. */
export const previewMarkdown = (markdown: string): Promise<string> =>
  describeFailures(
    async () =>
      markdownPreviewResponseSchema.parse(
        await authClient('/admin/markdown-preview', { method: 'POST', body: { markdown } }),
      ).data.html,
  );

export const blogPostsKey = (params?: BlogPostListParams) =>
  params ? (['admin', 'blog-posts', { ...params }] as const) : (['admin', 'blog-posts'] as const);

/** One page of posts for the grid's hook, the previous page kept while the next loads. */
export const blogPostsListQuery = (params: BlogPostListParams) =>
  queryOptions({
    queryKey: blogPostsKey(params),
    queryFn: () => listBlogPosts(params),
    placeholderData: keepPreviousData,
  });

export const blogPostQuery = (id: number) =>
  queryOptions({
    queryKey: [...blogPostsKey(), 'one', id] as const,
    queryFn: () => getBlogPost(id),
  });

/** Refreshes the admin's posts and the public blog after a write. */
function useInvalidateBlog() {
  return useRefreshAfter('blog');
}

export function useSaveBlogPost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: BlogPostWriteInput }) =>
      saveBlogPost(id, values),
    onSuccess: invalidate,
  });
}

export function useChangeBlogPostStatus() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: BlogPostStatus }) =>
      changeBlogPostStatus(id, status),
    onSuccess: invalidate,
  });
}

export function useRemoveBlogPost() {
  const invalidate = useInvalidateBlog();
  return useMutation({ mutationFn: removeBlogPost, onSuccess: invalidate });
}

/** `GET /api/blog-posts` (public): published posts, newest first. */
export const listPublishedPosts = (
  page: number,
  pageSize: number,
): Promise<PublicBlogListResponse> =>
  describeFailures(async () =>
    publicBlogListResponseSchema.parse(
      await cookieClient('/blog-posts', { query: { page, pageSize } }),
    ),
  );

/** `GET /api/blog-posts/{slug}` (public): 404 for a draft or an unknown slug. */
export const getPublishedPost = (slug: string): Promise<PublicBlogPost> =>
  describeFailures(
    async () =>
      publicBlogPostResponseSchema.parse(
        await cookieClient(`/blog-posts/${encodeURIComponent(slug)}`),
      ).data,
  );

export const publishedPostsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['blog', 'list', page, pageSize] as const,
    queryFn: () => listPublishedPosts(page, pageSize),
    placeholderData: keepPreviousData,
  });

export const publishedPostQuery = (slug: string) =>
  queryOptions({
    queryKey: ['blog', 'post', slug] as const,
    queryFn: () => getPublishedPost(slug),
    retry: false,
  });

/** The editor's preview of `markdown`, the previous one kept while the next renders. */
export const markdownPreviewQuery = (markdown: string) =>
  queryOptions({
    queryKey: ['admin', 'markdown-preview', markdown] as const,
    queryFn: () => previewMarkdown(markdown),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
