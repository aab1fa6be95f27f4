import type { GridColDef } from '@mui/x-data-grid';
import { formatDay } from '../../../contract/dates.format';
import {
  type Charge,
  type ChargeListParams,
  chargeConceptLabels,
  chargeSortFields,
} from '../../../contract/charges.schema';
import {
  type RowActions,
  rowActionsColumn,
  type StatusActions,
  statusColumn,
} from '../../components/grid/row-columns';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import type { ServerGridSpec } from '../../components/grid/use-server-grid';
import { formatMoney } from '../../lib/money';

/** When a charge is due: 'Día 5' of each period, or its one date. */
export const dueText = (charge: Charge) =>
  charge.due_date ? formatDay(charge.due_date) : `Día ${charge.due_day ?? '—'}`;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Who a charge bills: 'Todos', '2 categorías', '1 jugador'. */
export const appliesText = (charge: Charge) => {
  if (charge.scope === 'categories')
    return plural(charge.category_ids.length, 'categoría', 'categorías');
  if (charge.scope === 'players') return plural(charge.player_ids.length, 'jugador', 'jugadores');
  return 'Todos';
};

/** The charges grid on the list contract: by name, no filter at first. */
export const chargesGrid: ServerGridSpec<ChargeListParams, Charge> = {
  getRowId: (charge) => charge.id,
  sortable: chargeSortFields,
  defaultSort: 'name',
};

/** A charge's card on a phone: the name, its fields and the buttons. */
export const chargeCard = (withActions: boolean): GridCardSpec => ({
  title: 'name',
  fields: ['concept', 'amount', 'frequency', 'due', 'applies', 'status'],
  ...(withActions ? { actions: 'actions' } : {}),
});

/**
 * The columns of 'Cobros'. Sortable ones carry the server's sort field as their `field`
 * (contract/charges.schema.ts `chargeSortFields`).
 */
export function chargesColumns(
  { onEdit, onDelete }: RowActions<Charge>,
  status: StatusActions,
): GridColDef<Charge>[] {
  return [
    { field: 'name', headerName: 'Nombre', flex: 1, minWidth: 180 },
    {
      field: 'concept',
      headerName: 'Concepto',
      width: 130,
      valueGetter: (_value, charge) => chargeConceptLabels[charge.concept],
    },
    {
      field: 'amount',
      headerName: 'Valor',
      width: 140,
      type: 'number',
      valueFormatter: (value: number) => formatMoney(value),
    },
    {
      field: 'frequency',
      headerName: 'Frecuencia',
      width: 130,
      sortable: false,
      valueGetter: (_value, charge) => charge.frequency.name,
    },
    {
      field: 'due',
      headerName: 'Vence',
      width: 120,
      sortable: false,
      valueGetter: (_value, charge) => dueText(charge),
    },
    {
      field: 'applies',
      headerName: 'Aplica a',
      width: 140,
      sortable: false,
      valueGetter: (_value, charge) => appliesText(charge),
    },
    statusColumn<Charge>(status, (charge) => charge.name),
    ...rowActionsColumn<Charge>({ onEdit, onDelete }, (charge) => charge.name),
  ];
}
