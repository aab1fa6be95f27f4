import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { publicSitePageQuery } from '../../api/site-pages.api';
import { usePageMeta } from '../../lib/use-page-meta';
import { formatPostDate } from './blog-format';
import { ContentHtml } from './content-html';
import { PublicLayout } from './public-layout';
import { PublicError, PublicLoading, PublicNotFound, isNotFound } from './public-states';

/** The fixed pages of the public site, with the title shown while the text loads. */
export const sitePageTitles = {
  terminos: 'Términos y condiciones',
  privacidad: 'Política de privacidad',
  about: 'Acerca de',
} as const;

export type SitePageSlug = keyof typeof sitePageTitles;

/** /terminos, /privacidad, /about: the page's text as the super admin left it (or its default). */
export function SitePageScreen({ slug }: { slug: SitePageSlug }) {
  const page = useQuery(publicSitePageQuery(slug));
  usePageMeta(
    page.data?.title ?? sitePageTitles[slug],
    page.data?.description ?? sitePageTitles[slug],
  );

  return (
    <PublicLayout maxWidth={760}>
      {page.isPending && <PublicLoading />}
      {page.isError && isNotFound(page.error) && <PublicNotFound />}
      {page.isError && !isNotFound(page.error) && (
        <PublicError message={page.error.message} onRetry={() => void page.refetch()} />
      )}
      {page.data && (
        <article>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {page.data.title}
          </Typography>
          {page.data.updated_at && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Actualizado el {formatPostDate(page.data.updated_at)}
            </Typography>
          )}
          <ContentHtml html={page.data.body_html} />
        </article>
      )}
    </PublicLayout>
  );
}

export const TermsScreen = () => <SitePageScreen slug="terminos" />;
export const PrivacyScreen = () => <SitePageScreen slug="privacidad" />;
export const AboutScreen = () => <SitePageScreen slug="about" />;
