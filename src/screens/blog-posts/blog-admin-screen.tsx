import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { BlogPostsTab } from './blog-posts-tab';
import { SitePagesTab } from './site-pages-tab';

type AdminTab = 'entradas' | 'paginas';

/**
 * /home/admin/blog ('Gestión Web y Blog', super admin only): the blog's posts and the
 * public site's pages. The tab is in the address (?tab=paginas).
 */
export function BlogAdminScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AdminTab = searchParams.get('tab') === 'paginas' ? 'paginas' : 'entradas';
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Gestión Web y Blog
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, next: AdminTab) =>
          setSearchParams(next === 'entradas' ? {} : { tab: next }, { replace: true })
        }
        aria-label="Secciones de Gestión Web y Blog"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="entradas" label="Entradas" id="tab-entradas" aria-controls="panel-entradas" />
        <Tab value="paginas" label="Páginas" id="tab-paginas" aria-controls="panel-paginas" />
      </Tabs>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'entradas' ? <BlogPostsTab /> : <SitePagesTab />}
      </div>
    </Box>
  );
}
