import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import {
  type BlogPostStatus,
  blogPostStatuses,
  blogPostStatusLabels,
} from '../../../contract/blog-posts.schema';
import { blogPostsListQuery } from '../../api/blog-posts.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { BlogPostDialog } from './blog-post-dialog';
import { blogPostCard, blogPostsColumns, blogPostsGrid } from './blog-posts.columns';
import { useBlogPostDialogLogic, useBlogPostRowLogic } from './blog-posts.logic';
import { useEditorDialog } from './use-editor-dialog';
import { GridSearchField } from '../../components/grid/grid-search-field';

/** 'Entradas': every post (drafts too) in a server grid, the editor and the row actions. */
export function BlogPostsTab() {
  const grid = useServerGrid(blogPostsGrid, blogPostsListQuery);
  const { open: edit, subject: editing, dialogProps } = useEditorDialog(useBlogPostDialogLogic());
  const rows = useBlogPostRowLogic();
  const remover = useConfirmFlow(rows.remove);
  const { request: publish } = useConfirmFlow(rows.publish);
  const { asking, running: deleting, request: remove } = remover;
  const columns = useMemo(
    () =>
      blogPostsColumns({
        onEdit: edit,
        onDelete: ({ id, title }) => remove({ id, title }),
        onStatus: ({ id, title }, status) => publish({ id, title, status }, false),
      }),
    [edit, remove, publish],
  );

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 2, alignItems: { sm: 'center' } }}
      >
        <GridSearchField
          label="Buscar por título, slug o resumen"
          value={grid.searchText}
          onChange={grid.setSearchText}
        />
        <TextField
          select
          label="Estado"
          id="blog-status-filter"
          value={grid.filters.status ?? ''}
          onChange={(event) =>
            grid.setFilter(
              'status',
              (event.target.value || undefined) as BlogPostStatus | undefined,
            )
          }
          margin="none"
          sx={{ minWidth: { sm: 180 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Todos los estados</MenuItem>
          {blogPostStatuses.map((each) => (
            <MenuItem key={each} value={each}>
              {blogPostStatusLabels[each]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" startIcon={<Add />} onClick={() => edit(null)}>
          Nueva entrada
        </Button>
      </Stack>
      <ServerDataGrid
        grid={grid}
        columns={columns}
        card={blogPostCard}
        ariaLabel="Entradas del blog"
        emptyText="No hay entradas que coincidan. Crea la primera con 'Nueva entrada'."
        exportPath="/admin/blog-posts"
      />
      <BlogPostDialog post={editing} {...dialogProps} />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar la entrada «${asking?.title ?? ''}»?`}
        text="La entrada se borra del blog y su dirección deja de existir. Esto no se puede deshacer."
        confirmLabel="Eliminar"
        busy={deleting}
        onCancel={remover.cancel}
        onConfirm={remover.confirm}
      />
    </>
  );
}
