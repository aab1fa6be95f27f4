import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { SitePageSummary } from '../../../contract/site-pages.schema';
import { sitePagesQuery } from '../../api/site-pages.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { useSitePageLogic } from './blog-posts.logic';
import { SitePageDialog } from './site-page-dialog';
import { useEditorDialog } from './use-editor-dialog';

/** Where each page lives on the public site. */
const publicPathOf = (page: SitePageSummary) =>
  page.kind === 'help'
    ? `/centro-ayuda?articulo=${page.slug}`
    : page.slug === 'about'
      ? '/about'
      : `/${page.slug}`;

/** 'Páginas': the fixed pages (terms, privacy, about) and the help centre's articles. */
export function SitePagesTab() {
  const pages = useQuery(sitePagesQuery);
  const logic = useSitePageLogic();
  const { open: edit, subject: editing, dialogProps } = useEditorDialog(logic.dialog);
  const remover = useConfirmFlow(logic.remove);
  const { asking, running: deleting } = remover;

  if (pages.isPending)
    return (
      <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }}>
        <CircularProgress size={24} aria-hidden /> Cargando páginas…
      </Box>
    );
  if (pages.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void pages.refetch()}>
            Reintentar
          </Button>
        }
      >
        {pages.error.message}
      </Alert>
    );

  const fixed = pages.data.filter((page) => page.kind === 'page');
  const help = pages.data.filter((page) => page.kind === 'help');
  const row = (page: SitePageSummary) => (
    <ListItem key={page.slug} divider sx={{ flexWrap: 'wrap', gap: 1 }} secondaryAction={undefined}>
      <ListItemText
        primary={page.title}
        secondary={publicPathOf(page)}
        sx={{ flex: '1 1 240px', minWidth: 0 }}
      />
      <Chip
        size="small"
        variant="outlined"
        label={page.is_default ? 'Texto incluido' : 'Editado'}
        color={page.is_default ? 'default' : 'primary'}
      />
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button size="small" onClick={() => edit(page)} aria-label={`Editar ${page.title}`}>
          Editar
        </Button>
        {page.deletable && (
          <Button
            size="small"
            color="error"
            aria-label={`Eliminar ${page.title}`}
            onClick={() => remover.request({ slug: page.slug, title: page.title })}
          >
            Eliminar
          </Button>
        )}
      </Stack>
    </ListItem>
  );

  return (
    <>
      <Typography variant="h2" sx={{ mb: 1 }}>
        Páginas del sitio
      </Typography>
      <List aria-label="Páginas del sitio" sx={{ mb: 4 }}>
        {fixed.map(row)}
      </List>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h2">Centro de ayuda</Typography>
        <Button variant="outlined" startIcon={<Add />} onClick={() => edit(null)}>
          Nuevo artículo
        </Button>
      </Stack>
      {help.length === 0 ? (
        <Typography color="text.secondary">Todavía no hay artículos de ayuda.</Typography>
      ) : (
        <List aria-label="Artículos del centro de ayuda">{help.map(row)}</List>
      )}
      <SitePageDialog page={editing} {...dialogProps} />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar el artículo «${asking?.title ?? ''}»?`}
        text="El artículo desaparece del centro de ayuda. Esto no se puede deshacer."
        confirmLabel="Eliminar"
        busy={deleting}
        onCancel={remover.cancel}
        onConfirm={remover.confirm}
      />
    </>
  );
}
