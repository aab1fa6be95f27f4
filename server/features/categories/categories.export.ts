import {
  type CategoryListResponse,
  categoryGenderLabels,
} from '../../../contract/categories.schema';
import { personStatusLabels } from '../../../contract/people.schema';
import type { ExportColumn } from '../../lib/list-export';

type Category = CategoryListResponse['data'][number];

/** The categories export (issue #34 item 3): the grid's columns. */
export const categoryExportColumns: ExportColumn<Category>[] = [
  { header: 'Nombre', kind: 'text', cell: (row) => row.name },
  { header: 'Deporte', kind: 'text', cell: (row) => row.sport },
  { header: 'Género', kind: 'text', cell: (row) => categoryGenderLabels[row.gender] },
  { header: 'Año desde', kind: 'number', cell: (row) => row.birth_year_from },
  { header: 'Año hasta', kind: 'number', cell: (row) => row.birth_year_to },
  {
    header: 'Entrenadores',
    kind: 'text',
    cell: (row) => row.trainers.map((trainer) => trainer.name).join(', '),
  },
  { header: 'Jugadores', kind: 'number', cell: (row) => row.player_count },
  { header: 'Estado', kind: 'text', cell: (row) => personStatusLabels[row.status] },
  { header: 'Creada', kind: 'datetime', cell: (row) => row.created_at },
];
