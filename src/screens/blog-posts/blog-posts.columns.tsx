import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { DEFAULT_TIME_ZONE, formatDateTime } from '../../../contract/dates.format';
import {
  type BlogPostStatus,
  type BlogPostSummary,
  blogPostSortFields,
  blogPostStatusLabels,
} from '../../../contract/blog-posts.schema';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import type { ServerGridSpec } from '../../components/grid/use-server-grid';
import type { BlogPostListParams } from '../../api/blog-posts.api';

/** The platform's zone (Bogotá): '06/12/2026 18:05'. */
const when = (iso: string | null) => (iso ? formatDateTime(iso, DEFAULT_TIME_ZONE) : '—');

/** The posts grid on the list contract: the last edited first. */
export const blogPostsGrid: ServerGridSpec<BlogPostListParams, BlogPostSummary> = {
  getRowId: (post) => post.id,
  sortable: blogPostSortFields,
  defaultSort: '-updated_at',
};

export const blogPostCard: GridCardSpec = {
  title: 'title',
  fields: ['status', 'published_at', 'author_name'],
  actions: 'actions',
};

export interface BlogPostRowActions {
  onEdit: (post: BlogPostSummary) => void;
  onDelete: (post: BlogPostSummary) => void;
  onStatus: (post: BlogPostSummary, status: BlogPostStatus) => void;
}

/** The columns of 'Entradas'; sortable ones carry the server's sort field. */
export function blogPostsColumns(actions: BlogPostRowActions): GridColDef<BlogPostSummary>[] {
  return [
    { field: 'title', headerName: 'Título', flex: 1, minWidth: 220 },
    { field: 'slug', headerName: 'Slug', width: 200, sortable: false },
    {
      field: 'status',
      headerName: 'Estado',
      width: 130,
      valueGetter: (_value, post) => blogPostStatusLabels[post.status],
      renderCell: ({ row }) => (
        <Chip
          size="small"
          label={blogPostStatusLabels[row.status]}
          color={row.status === 'published' ? 'success' : 'default'}
          variant={row.status === 'published' ? 'filled' : 'outlined'}
        />
      ),
    },
    {
      field: 'published_at',
      headerName: 'Publicada',
      width: 170,
      valueGetter: (_value, post) => when(post.published_at),
    },
    { field: 'author_name', headerName: 'Autor', width: 170, sortable: false },
    {
      field: 'updated_at',
      headerName: 'Actualizada',
      width: 170,
      valueGetter: (_value, post) => when(post.updated_at),
    },
    {
      field: 'actions',
      headerName: 'Acciones',
      width: 290,
      sortable: false,
      disableColumnMenu: true,
      disableExport: true,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', height: '100%' }}>
          <Button
            size="small"
            onClick={() => actions.onEdit(row)}
            aria-label={`Editar ${row.title}`}
          >
            Editar
          </Button>
          <Button
            size="small"
            onClick={() =>
              actions.onStatus(row, row.status === 'published' ? 'draft' : 'published')
            }
            aria-label={`${row.status === 'published' ? 'Despublicar' : 'Publicar'} ${row.title}`}
          >
            {row.status === 'published' ? 'Despublicar' : 'Publicar'}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => actions.onDelete(row)}
            aria-label={`Eliminar ${row.title}`}
          >
            Eliminar
          </Button>
        </Stack>
      ),
    },
  ];
}
