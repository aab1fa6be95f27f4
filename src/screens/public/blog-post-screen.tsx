import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { publishedPostQuery } from '../../api/blog-posts.api';
import { usePageMeta } from '../../lib/use-page-meta';
import { formatPostDate } from './blog-format';
import { ContentHtml } from './content-html';
import { PublicLayout } from './public-layout';
import { PublicError, PublicLoading, PublicNotFound, isNotFound } from './public-states';

/** /blog/:slug: a published post; an unknown slug or a draft is the blog's 404 page. */
export function BlogPostScreen() {
  const { slug = '' } = useParams();
  const post = useQuery(publishedPostQuery(slug));
  usePageMeta(post.data?.title ?? 'Blog', post.data?.excerpt || 'Una entrada del blog.');
  const notFound = post.isError && isNotFound(post.error);

  return (
    <PublicLayout maxWidth={760}>
      <Link component={RouterLink} to="/blog" sx={{ display: 'inline-block', mb: 3 }}>
        ← Volver al blog
      </Link>
      {post.isPending && <PublicLoading label="Cargando la entrada…" />}
      {notFound && (
        <PublicNotFound
          title="Entrada no encontrada"
          text="Esta entrada no existe o ya no está publicada."
          backTo="/blog"
          backLabel="Ver todas las entradas"
        />
      )}
      {post.isError && !notFound && (
        <PublicError message={post.error.message} onRetry={() => void post.refetch()} />
      )}
      {post.data && (
        <Box component="article">
          <Typography variant="h1" sx={{ mb: 1 }}>
            {post.data.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            <time dateTime={post.data.published_at}>{formatPostDate(post.data.published_at)}</time>
            {post.data.author_name && ` · ${post.data.author_name}`}
          </Typography>
          {post.data.cover_image_url && (
            <Box
              component="img"
              src={post.data.cover_image_url}
              alt=""
              sx={{
                width: '100%',
                aspectRatio: '16 / 9',
                objectFit: 'cover',
                borderRadius: 2,
                mb: 3,
              }}
            />
          )}
          <ContentHtml html={post.data.body_html} />
        </Box>
      )}
    </PublicLayout>
  );
}
