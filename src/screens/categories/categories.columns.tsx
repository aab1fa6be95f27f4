import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import {
  type Category,
  type CategoryListParams,
  type CategoryStatus,
  categoryGenderLabels,
  categorySortFields,
} from '../../../contract/categories.schema';
import { type RowActions, rowActionsColumn } from '../../components/grid/row-columns';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import type { ServerGridSpec } from '../../components/grid/use-server-grid';

/** 'Activa' / 'Inactiva'. */
export const categoryStatusLabels: Record<CategoryStatus, string> = {
  active: 'Activa',
  inactive: 'Inactiva',
};

/** The birth years a category takes: '2014 – 2015', or 'desde 2014' with no end year. */
export const birthYears = ({ birth_year_from: from, birth_year_to: to }: Category) =>
  to === null ? `desde ${from}` : `${from} – ${to}`;

/** The categories grid on the list contract: the youngest first, no filter at first. */
export const categoriesGrid: ServerGridSpec<CategoryListParams, Category> = {
  getRowId: (category) => category.id,
  sortable: categorySortFields,
  defaultSort: '-birth_year_from',
};

/** A category's card on a phone: the name, its fields and the buttons. */
export const categoryCard = (withActions: boolean): GridCardSpec => ({
  title: 'name',
  fields: ['sport', 'gender', 'birth_year_from', 'trainers', 'player_count', 'status'],
  ...(withActions ? { actions: 'actions' } : {}),
});

/** What the row buttons do; a missing one (no permission) is not drawn. */
export type CategoryRowActions = RowActions<Category>;

/**
 * The columns of 'Categorías'. Sortable ones carry the server's sort field as their
 * `field` (contract/categories.schema.ts `categorySortFields`).
 */
export function categoriesColumns({
  onEdit,
  onDelete,
}: CategoryRowActions): GridColDef<Category>[] {
  return [
    { field: 'name', headerName: 'Nombre', flex: 1, minWidth: 160 },
    {
      field: 'sport',
      headerName: 'Deporte',
      flex: 1,
      minWidth: 130,
      sortable: false,
      valueGetter: (_value, category) => category.sport ?? '—',
    },
    {
      field: 'gender',
      headerName: 'Género',
      width: 130,
      sortable: false,
      valueGetter: (_value, category) => categoryGenderLabels[category.gender],
    },
    {
      field: 'birth_year_from',
      headerName: 'Años de nacimiento',
      width: 180,
      valueGetter: (_value, category) => birthYears(category),
    },
    {
      field: 'trainers',
      headerName: 'Entrenadores',
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_value, category) =>
        category.trainers.map((trainer) => trainer.name).join(', ') || 'Sin entrenador',
    },
    {
      field: 'player_count',
      headerName: 'Jugadores',
      width: 110,
      type: 'number',
      sortable: false,
    },
    {
      field: 'status',
      headerName: 'Estado',
      width: 120,
      sortable: false,
      valueGetter: (_value, category) => categoryStatusLabels[category.status],
      renderCell: ({ row }) => (
        <Chip
          label={categoryStatusLabels[row.status]}
          size="small"
          color={row.status === 'active' ? 'success' : 'default'}
          variant={row.status === 'active' ? 'filled' : 'outlined'}
        />
      ),
    },
    ...rowActionsColumn<Category>({ onEdit, onDelete }, (category) => category.name),
  ];
}
