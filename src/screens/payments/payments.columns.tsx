import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import {
  type Payment,
  type PaymentListParams,
  type PaymentStatus,
  paymentListQuerySchema,
  paymentSortFields,
  paymentStatusLabels,
} from '../../../contract/payments.schema';
import { formatDay } from '../../../contract/dates.format';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import type { GridFilters, ServerGridSpec } from '../../components/grid/use-server-grid';
import { formatMoney } from '../../lib/money';
import { periodLabel } from './payment-period';

/** The colour of each status chip (theme palette names). */
const statusColors: Record<PaymentStatus, 'default' | 'success' | 'warning' | 'info' | 'error'> = {
  pending: 'default',
  partial: 'warning',
  in_review: 'info',
  paid: 'success',
  rejected: 'error',
  cancelled: 'default',
  exempt: 'default',
};

/** A payment's status as a chip, with the same Spanish name everywhere. */
export const PaymentStatusChip = ({ status }: { status: PaymentStatus }) => (
  <Chip
    size="small"
    variant="outlined"
    color={statusColors[status]}
    label={paymentStatusLabels[status]}
  />
);

/**
 * The payments grid on the list contract: by due date; the first filters (the period, or
 * those a dashboard's link asked for) are set by the screen.
 */
export const paymentsGrid = (
  filters: Partial<GridFilters<PaymentListParams>>,
): ServerGridSpec<PaymentListParams, Payment> => ({
  getRowId: (payment) => payment.id,
  sortable: paymentSortFields,
  defaultSort: 'due_date',
  filters,
});

const urlFilterNames = ['period', 'status', 'overdue', 'category_id', 'payment_method_id'] as const;

/**
 * The grid's first filters from the page's URL (the dashboards' links: `?period=2026-11`,
 * `?status=in_review`, `?overdue=true&category_id=3`), each read with the list contract's
 * own schema; an invalid value is ignored. Without a period the grid shows `thisMonth`,
 * unless the URL asks for a status or the overdue ones: those are of any period.
 */
export function paymentsUrlFilters(
  search: URLSearchParams,
  thisMonth: string,
): Partial<GridFilters<PaymentListParams>> {
  const filters: Record<string, unknown> = {};
  for (const name of urlFilterNames) {
    const raw = search.get(name);
    const parsed = raw === null ? null : paymentListQuerySchema.shape[name].safeParse(raw);
    if (parsed?.success && parsed.data !== undefined) filters[name] = parsed.data;
  }
  const anyPeriod = filters.status !== undefined || filters.overdue !== undefined;
  if (filters.period === undefined && !anyPeriod) filters.period = thisMonth;
  return filters as Partial<GridFilters<PaymentListParams>>;
}

/** A payment's card on a phone: the player, then what is owed and its state. */
export const paymentCard: GridCardSpec = {
  title: 'player',
  fields: ['charge', 'due_date', 'amount_due', 'balance', 'status'],
  actions: 'open',
};

/** 'Ana Pérez'. */
export const playerName = ({ player }: Payment) => `${player.name} ${player.lastname}`;

const money = (
  field: 'amount_due' | 'amount_paid' | 'balance',
  headerName: string,
  sortable = false,
) =>
  ({
    field,
    headerName,
    width: 130,
    type: 'number',
    sortable,
    valueFormatter: (value: number) => formatMoney(value),
  }) satisfies GridColDef<Payment>;

/**
 * The columns of 'Pagos'. Sortable ones carry the server's sort field as their `field`
 * (contract/payments.schema.ts `paymentSortFields`); chips and CSV share the contract's
 * Spanish status names.
 */
export function paymentsColumns(onOpen: (payment: Payment) => void): GridColDef<Payment>[] {
  return [
    {
      field: 'player',
      headerName: 'Jugador',
      flex: 1,
      minWidth: 180,
      valueGetter: (_value, payment) => playerName(payment),
    },
    {
      field: 'category',
      headerName: 'Categoría',
      width: 140,
      sortable: false,
      valueGetter: (_value, payment) => payment.category?.name ?? 'Sin categoría',
    },
    {
      field: 'charge',
      headerName: 'Concepto',
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_value, payment) => payment.charge.name,
    },
    {
      field: 'period',
      headerName: 'Periodo',
      width: 150,
      valueGetter: (_value, payment) => periodLabel(payment.period),
    },
    {
      field: 'due_date',
      headerName: 'Vence',
      width: 170,
      valueGetter: (_value, payment) =>
        `${formatDay(payment.due_date)}${payment.overdue ? ' (Vencido)' : ''}`,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', height: '100%' }}>
          <span>{formatDay(row.due_date)}</span>
          {row.overdue && <Chip size="small" color="error" label="Vencido" />}
        </Stack>
      ),
    },
    money('amount_due', 'Valor', true),
    money('amount_paid', 'Pagado'),
    money('balance', 'Saldo'),
    {
      field: 'status',
      headerName: 'Estado',
      width: 150,
      valueGetter: (_value, payment) => paymentStatusLabels[payment.status],
      renderCell: ({ row }) => <PaymentStatusChip status={row.status} />,
    },
    {
      field: 'open',
      headerName: 'Detalle',
      width: 110,
      sortable: false,
      disableExport: true,
      renderCell: ({ row }) => (
        <Button
          size="small"
          onClick={() => onOpen(row)}
          aria-label={`Ver el pago de ${playerName(row)}: ${row.charge.name}`}
        >
          Ver
        </Button>
      ),
    },
  ];
}
