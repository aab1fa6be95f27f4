import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { PublicBlogPostSummary } from '../../../contract/blog-posts.schema';
import { publishedPostsQuery } from '../../api/blog-posts.api';
import { usePageMeta } from '../../lib/use-page-meta';
import { formatPostDate } from './blog-format';
import { PublicLayout } from './public-layout';
import { PublicError, PublicLoading } from './public-states';

const PAGE_SIZE = 6;

const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

/** /blog: the published posts, newest first, six a page (the page is in the address). */
export function BlogScreen() {
  usePageMeta('Blog', 'Noticias, guías y consejos para administrar tu club deportivo.');
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const posts = useQuery(publishedPostsQuery(page, PAGE_SIZE));
  const pages = Math.ceil((posts.data?.total ?? 0) / PAGE_SIZE);

  return (
    <PublicLayout>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Blog
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Noticias, guías y consejos para administrar tu club deportivo.
      </Typography>
      {posts.isPending && <PublicLoading label="Cargando entradas…" />}
      {posts.isError && (
        <PublicError message={posts.error.message} onRetry={() => void posts.refetch()} />
      )}
      {posts.data && posts.data.data.length === 0 && (
        <Typography>Todavía no hay entradas publicadas. ¡Vuelve pronto!</Typography>
      )}
      {posts.data && posts.data.data.length > 0 && (
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
            gap: 3,
            listStyle: 'none',
            m: 0,
            p: 0,
          }}
        >
          {posts.data.data.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} />
            </li>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => setSearchParams(next === 1 ? {} : { page: String(next) })}
          getItemAriaLabel={(type, item) =>
            type === 'page'
              ? `Página ${item}`
              : type === 'next'
                ? 'Página siguiente'
                : 'Página anterior'
          }
        />
      )}
    </PublicLayout>
  );
}

function PostCard({ post }: { post: PublicBlogPostSummary }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/blog/${post.slug}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        {post.cover_image_url && (
          <CardMedia
            component="img"
            image={post.cover_image_url}
            alt=""
            loading="lazy"
            sx={{ aspectRatio: '16 / 9', objectFit: 'cover' }}
          />
        )}
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="body2" color="text.secondary" component="p" sx={{ mb: 1 }}>
            <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>
            {post.author_name && ` · ${post.author_name}`}
          </Typography>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {post.title}
          </Typography>
          {post.excerpt && <Typography color="text.secondary">{post.excerpt}</Typography>}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
