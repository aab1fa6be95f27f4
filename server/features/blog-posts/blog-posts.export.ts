import {
  type BlogPostListResponse,
  blogPostStatusLabels,
} from '../../../contract/blog-posts.schema';
import type { ExportColumn } from '../../lib/list-export';

type BlogPost = BlogPostListResponse['data'][number];

/** The blog posts export (issue #34 item 3): the grid's columns. */
export const blogPostExportColumns: ExportColumn<BlogPost>[] = [
  { header: 'Título', kind: 'text', cell: (row) => row.title },
  { header: 'Slug', kind: 'text', cell: (row) => row.slug },
  { header: 'Resumen', kind: 'text', cell: (row) => row.excerpt },
  { header: 'Estado', kind: 'text', cell: (row) => blogPostStatusLabels[row.status] },
  { header: 'Publicada', kind: 'datetime', cell: (row) => row.published_at },
  { header: 'Autor', kind: 'text', cell: (row) => row.author_name },
  { header: 'Creada', kind: 'datetime', cell: (row) => row.created_at },
  { header: 'Actualizada', kind: 'datetime', cell: (row) => row.updated_at },
];
