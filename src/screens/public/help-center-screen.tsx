import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { helpArticlesQuery, publicSitePageQuery } from '../../api/site-pages.api';
import { usePageMeta } from '../../lib/use-page-meta';
import { ContentHtml } from './content-html';
import { PublicLayout } from './public-layout';
import { PublicError, PublicLoading, PublicNotFound, isNotFound } from './public-states';

const SEARCH_DELAY_MS = 300;

/**
 * /centro-ayuda: the help articles with a search over titles and texts (accents ignored);
 * `?articulo=<slug>` opens one, so an article's address can be shared.
 */
export function HelpCenterScreen() {
  const [searchParams] = useSearchParams();
  const article = searchParams.get('articulo');
  return (
    <PublicLayout maxWidth={760}>
      {article ? <HelpArticle slug={article} /> : <HelpIndex />}
    </PublicLayout>
  );
}

function HelpIndex() {
  usePageMeta('Centro de ayuda', 'Guías paso a paso para usar Gestión deportiva en tu club.');
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const articles = useQuery(helpArticlesQuery(q));

  // The address follows the box once the user pauses typing.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(
      () => setSearchParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [typed, q, setSearchParams]);

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Centro de ayuda
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Guías paso a paso para usar Gestión deportiva en tu club.
      </Typography>
      <TextField
        type="search"
        label="Buscar en la ayuda"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        fullWidth
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined aria-hidden />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 3 }}
      />
      {articles.isPending && <PublicLoading label="Buscando…" />}
      {articles.isError && (
        <PublicError message={articles.error.message} onRetry={() => void articles.refetch()} />
      )}
      {articles.data?.length === 0 && (
        <Typography role="status">
          No encontramos artículos para «{q}». Prueba con otras palabras o escríbenos desde{' '}
          <Link component={RouterLink} to="/contact">
            Contacto
          </Link>
          .
        </Typography>
      )}
      {articles.data && articles.data.length > 0 && (
        <List aria-label="Artículos de ayuda" disablePadding>
          {articles.data.map((item) => (
            <ListItem key={item.slug} disableGutters divider sx={{ display: 'block', py: 2 }}>
              <Link
                component={RouterLink}
                to={`/centro-ayuda?articulo=${encodeURIComponent(item.slug)}`}
                variant="h6"
                underline="hover"
              >
                {item.title}
              </Link>
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {item.summary}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

function HelpArticle({ slug }: { slug: string }) {
  const page = useQuery(publicSitePageQuery(slug));
  const isArticle = page.data?.kind === 'help';
  usePageMeta(
    isArticle ? page.data!.title : 'Centro de ayuda',
    isArticle ? page.data!.description : 'Guías paso a paso para usar Gestión deportiva.',
  );
  return (
    <>
      <Link component={RouterLink} to="/centro-ayuda" sx={{ display: 'inline-block', mb: 3 }}>
        ← Todos los artículos
      </Link>
      {page.isPending && <PublicLoading />}
      {((page.isError && isNotFound(page.error)) || (page.data && !isArticle)) && (
        <PublicNotFound
          title="Artículo no encontrado"
          text="Este artículo de ayuda no existe o fue retirado."
          backTo="/centro-ayuda"
          backLabel="Ver todos los artículos"
        />
      )}
      {page.isError && !isNotFound(page.error) && (
        <PublicError message={page.error.message} onRetry={() => void page.refetch()} />
      )}
      {page.data && isArticle && (
        <article>
          <Typography variant="h1" sx={{ mb: 3 }}>
            {page.data.title}
          </Typography>
          <ContentHtml html={page.data.body_html} />
        </article>
      )}
    </>
  );
}
