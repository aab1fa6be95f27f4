import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  type HelpArticleCreateInput,
  type HelpArticleSummary,
  type PublicSitePage,
  type SitePage,
  type SitePageSummary,
  type SitePageWriteInput,
  helpArticleCreateSchema,
  helpArticlesResponseSchema,
  publicSitePageResponseSchema,
  sitePageListResponseSchema,
  sitePageResponseSchema,
  sitePageWriteSchema,
} from '../../contract/site-pages.schema';
import { authClient, cookieClient, describeFailures } from './http';
import { changes } from './refresh';

/*
 * The public site's pages (issue #17): terms, privacy, about and the help articles, edited
 * by the super admin under /api/admin/… and read by anyone. Every failure is a RequestError.
 */

/** `GET /api/admin/site-pages`: every page and article, saved or default. */
export const listSitePages = (): Promise<SitePageSummary[]> =>
  describeFailures(
    async () => sitePageListResponseSchema.parse(await authClient('/admin/site-pages')).data,
  );

/** `GET /api/admin/site-pages/{slug}`: one page with its Markdown. */
export const getSitePage = (slug: string): Promise<SitePage> =>
  describeFailures(
    async () =>
      sitePageResponseSchema.parse(
        await authClient(`/admin/site-pages/${encodeURIComponent(slug)}`),
      ).data,
  );

/** `PUT /api/admin/site-pages/{slug}`: the page as saved. */
export const saveSitePage = (slug: string, values: SitePageWriteInput): Promise<SitePage> =>
  describeFailures(async () => {
    const body = sitePageWriteSchema.parse(values);
    return sitePageResponseSchema.parse(
      await authClient(`/admin/site-pages/${encodeURIComponent(slug)}`, { method: 'PUT', body }),
    ).data;
  });

/** `POST /api/admin/help-articles`: the new article. */
export const createHelpArticle = (values: HelpArticleCreateInput): Promise<SitePage> =>
  describeFailures(async () => {
    const body = helpArticleCreateSchema.parse(values);
    return sitePageResponseSchema.parse(
      await authClient('/admin/help-articles', { method: 'POST', body }),
    ).data;
  });

/** `DELETE /api/admin/help-articles/{slug}` (only articles the super admin added). */
export const removeHelpArticle = (slug: string): Promise<SitePage> =>
  describeFailures(
    async () =>
      sitePageResponseSchema.parse(
        await authClient(`/admin/help-articles/${encodeURIComponent(slug)}`, { method: 'DELETE' }),
      ).data,
  );

const ADMIN_KEY = ['admin', 'site-pages'] as const;

export const sitePagesQuery = queryOptions({ queryKey: ADMIN_KEY, queryFn: listSitePages });

export const sitePageQuery = (slug: string) =>
  queryOptions({ queryKey: [...ADMIN_KEY, slug] as const, queryFn: () => getSitePage(slug) });

/** Any site page write: refreshes the admin's list and the public pages. */
function useSitePagesMutation<V>(mutationFn: (values: V) => Promise<SitePage>) {
  return useMutation({ ...changes('site-pages'), mutationFn });
}

export const useSaveSitePage = () =>
  useSitePagesMutation(({ slug, values }: { slug: string; values: SitePageWriteInput }) =>
    saveSitePage(slug, values),
  );
export const useCreateHelpArticle = () => useSitePagesMutation(createHelpArticle);
export const useRemoveHelpArticle = () => useSitePagesMutation(removeHelpArticle);

/** `GET /api/site-pages/{slug}` (public): the page as safe HTML. */
export const getPublicSitePage = (slug: string): Promise<PublicSitePage> =>
  describeFailures(
    async () =>
      publicSitePageResponseSchema.parse(
        await cookieClient(`/site-pages/${encodeURIComponent(slug)}`),
      ).data,
  );

/** `GET /api/help-articles?q=` (public). */
export const searchHelpArticles = (q: string): Promise<HelpArticleSummary[]> =>
  describeFailures(
    async () =>
      helpArticlesResponseSchema.parse(
        await cookieClient('/help-articles', { query: q ? { q } : {} }),
      ).data,
  );

export const publicSitePageQuery = (slug: string) =>
  queryOptions({
    queryKey: ['site', 'page', slug] as const,
    queryFn: () => getPublicSitePage(slug),
    retry: false,
  });

export const helpArticlesQuery = (q: string) =>
  queryOptions({
    queryKey: ['site', 'help', q] as const,
    queryFn: () => searchHelpArticles(q),
  });
