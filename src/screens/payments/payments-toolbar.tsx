import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import {
  type Payment,
  type PaymentStatus,
  paymentStatusLabels,
  paymentStatuses,
} from '../../../contract/payments.schema';
import { categoriesListQuery } from '../../api/categories.api';
import { GridSearchField } from '../../components/grid/grid-search-field';

interface ToolbarProps {
  clubId: number;
  /**
   * The user may list the club's categories (GET …/categories): the filter offers them all.
   * Otherwise it offers only the categories of the payments it shows, never asking.
   */
  canListCategories: boolean;
  /** The payments on screen, whose categories the filter offers without the list. */
  payments: readonly Pick<Payment, 'category'>[];
  search: string;
  onSearch: (text: string) => void;
  status: PaymentStatus | undefined;
  onStatus: (status: PaymentStatus | undefined) => void;
  categoryId: number | undefined;
  onCategory: (categoryId: number | undefined) => void;
  overdue: boolean | undefined;
  onOverdue: (overdue: boolean | undefined) => void;
}

const CATEGORIES = { page: 1, pageSize: 100, sort: 'name' } as const;

/** Shown for a category of the URL that none of the payments on screen names. */
const LINKED_CATEGORY = 'La categoría del enlace';

/**
 * The categories a user who may not list them can filter by: those of the payments on
 * screen, and the one already chosen (a dashboard's `?category_id=`), by name.
 */
export function categoriesOf(
  payments: readonly Pick<Payment, 'category'>[],
  chosenId: number | undefined,
): Array<{ id: number; name: string }> {
  const byId = new Map<number, string>();
  for (const { category } of payments) if (category) byId.set(category.id, category.name);
  if (chosenId !== undefined && !byId.has(chosenId)) byId.set(chosenId, LINKED_CATEGORY);
  return [...byId]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

const overdueValue = (overdue: boolean | undefined) =>
  overdue === undefined ? '' : overdue ? 'true' : 'false';

/**
 * The grid's filters: a search by player, the status, the category (for who may list the
 * categories) and whether overdue.
 */
export function PaymentsToolbar(props: ToolbarProps) {
  const { search, onSearch, status, onStatus, categoryId, onCategory, overdue, onOverdue } = props;
  const listed = useQuery({
    ...categoriesListQuery(props.clubId)(CATEGORIES),
    enabled: props.clubId > 0 && props.canListCategories,
  });
  const categories = props.canListCategories
    ? (listed.data?.data ?? [])
    : categoriesOf(props.payments, categoryId);
  const filter = { margin: 'none', sx: { minWidth: { sm: 170 } } } as const;
  const shrink = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, mb: 2 }}>
      <GridSearchField label="Buscar por jugador o documento" value={search} onChange={onSearch} />
      <TextField
        select
        label="Estado"
        id="payments-status-filter"
        value={status ?? ''}
        onChange={(event) =>
          onStatus((event.target.value || undefined) as PaymentStatus | undefined)
        }
        slotProps={shrink}
        {...filter}
      >
        <MenuItem value="">Todos los estados</MenuItem>
        {paymentStatuses.map((each) => (
          <MenuItem key={each} value={each}>
            {paymentStatusLabels[each]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Categoría"
        id="payments-category-filter"
        value={categoryId ?? ''}
        onChange={(event) =>
          onCategory(event.target.value === '' ? undefined : Number(event.target.value))
        }
        slotProps={shrink}
        {...filter}
      >
        <MenuItem value="">Todas las categorías</MenuItem>
        {categories.map(({ id, name }) => (
          <MenuItem key={id} value={id}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Vencimiento"
        id="payments-overdue-filter"
        value={overdueValue(overdue)}
        onChange={(event) =>
          onOverdue(event.target.value === '' ? undefined : event.target.value === 'true')
        }
        slotProps={shrink}
        {...filter}
      >
        <MenuItem value="">Todos</MenuItem>
        <MenuItem value="true">Solo vencidos</MenuItem>
        <MenuItem value="false">Sin vencer</MenuItem>
      </TextField>
    </Stack>
  );
}
