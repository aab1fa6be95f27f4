import type { GridColDef } from '@mui/x-data-grid';
import {
  type Discount,
  type DiscountListParams,
  type DiscountStatus,
  discountKindLabels,
  discountSortFields,
} from '../../../contract/discounts.schema';
import { type RowActions, rowActionsColumn, statusColumn } from '../../components/grid/row-columns';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import type { ServerGridSpec } from '../../components/grid/use-server-grid';
import { formatMoney } from '../../lib/money';

/** 'Activo' / 'Inactivo' (a discount, masculine). */
export const discountStatusLabels: Record<DiscountStatus, string> = {
  active: 'Activo',
  inactive: 'Inactivo',
};

/**
 * What a discount takes off: '15 %', the amount in pesos ('$ 50.000'), or a sibling
 * rule's two percentages ('2.º 15 % · 3.º+ 25 %').
 */
export const discountValueText = ({
  kind,
  value,
  third_value,
}: Pick<Discount, 'kind' | 'value'> & { third_value?: number | null }) => {
  if (kind === 'fixed') return formatMoney(value);
  if (kind === 'siblings') return `2.º ${value} % · 3.º+ ${third_value ?? value} %`;
  return `${value} %`;
};

/** The discounts grid on the list contract: by name, no filter at first. */
export const discountsGrid: ServerGridSpec<DiscountListParams, Discount> = {
  getRowId: (discount) => discount.id,
  sortable: discountSortFields,
  defaultSort: 'name',
};

/** A discount's card on a phone: the name, its fields, the switch and the buttons. */
export const discountCard = (withActions: boolean): GridCardSpec => ({
  title: 'name',
  fields: ['kind', 'value', 'player_count', 'status'],
  ...(withActions ? { actions: 'actions' } : {}),
});

/** What the rows do: the switch's call and refresh; a missing button (no permission) is not drawn. */
export interface DiscountRowActions extends RowActions<Discount> {
  canChangeStatus: boolean;
  changeStatus: (id: number, status: DiscountStatus) => Promise<unknown>;
  refresh: () => unknown;
}

/**
 * 'Asignar jugadores' on a discount's row: a sibling rule reaches families through their
 * guardians, so it has no players to choose.
 */
export const assignPlayersButton = (onClick: (discount: Discount) => void) => ({
  label: 'Asignar jugadores',
  onClick,
  shownFor: (discount: Discount) => discount.kind !== 'siblings',
});

const nameOf = (discount: Discount) => discount.name;

/**
 * The columns of 'Descuentos'. Sortable ones carry the server's sort field as their
 * `field` (contract/discounts.schema.ts `discountSortFields`).
 */
export function discountsColumns(actions: DiscountRowActions): GridColDef<Discount>[] {
  const { onEdit, onDelete, more } = actions;
  return [
    { field: 'name', headerName: 'Nombre', flex: 1, minWidth: 180 },
    {
      field: 'kind',
      headerName: 'Tipo',
      width: 130,
      valueGetter: (_value, discount) => discountKindLabels[discount.kind],
    },
    {
      field: 'value',
      headerName: 'Valor',
      width: 140,
      valueGetter: (_value, discount) => discountValueText(discount),
    },
    {
      field: 'player_count',
      headerName: 'Jugadores',
      width: 110,
      type: 'number',
      sortable: false,
      // A sibling rule has no players of its own: it reaches families by their guardians.
      renderCell: ({ row, value }) => (row.kind === 'siblings' ? 'Por familias' : String(value)),
    },
    {
      ...statusColumn<Discount>(
        {
          canChange: actions.canChangeStatus,
          change: actions.changeStatus,
          refresh: actions.refresh,
          noun: 'descuento',
        },
        nameOf,
      ),
      // The server sorts by status too.
      sortable: true,
    },
    ...rowActionsColumn<Discount>({ onEdit, onDelete, more }, nameOf),
  ];
}
