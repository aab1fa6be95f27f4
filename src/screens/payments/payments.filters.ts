import {
  type Payment,
  paymentStatusLabels,
  paymentStatuses,
} from '../../../contract/payments.schema';
import { type ListFilter, optionsOf } from '../../components/list/list-filters';

/** Every category of the club, for who may list them, in one page of the list contract. */
export const ALL_CATEGORIES = { page: 1, pageSize: 100, sort: 'name' } as const;

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

/**
 * The grid's filters beside the search by player or document: the status, the category
 * (the club's, or those of the payments on screen) and whether overdue.
 */
export const paymentsFilters = (categories: readonly { id: number; name: string }[]) =>
  [
    {
      name: 'status',
      label: 'Estado',
      id: 'payments-status-filter',
      all: 'Todos los estados',
      options: optionsOf(paymentStatuses, paymentStatusLabels),
      minWidth: 170,
    },
    {
      name: 'category_id',
      label: 'Categoría',
      id: 'payments-category-filter',
      all: 'Todas las categorías',
      options: categories.map(({ id, name }) => ({ value: id, label: name })),
      minWidth: 170,
    },
    {
      name: 'overdue',
      label: 'Vencimiento',
      id: 'payments-overdue-filter',
      all: 'Todos',
      options: [
        { value: true, label: 'Solo vencidos' },
        { value: false, label: 'Sin vencer' },
      ],
      minWidth: 170,
    },
  ] satisfies ListFilter[];
