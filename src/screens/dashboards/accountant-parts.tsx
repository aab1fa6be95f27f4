import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router';
import type { AccountantDashboard } from '../../../contract/dashboards.schema';
import { formatMoney } from '../../lib/money';
import { periodLabel } from '../payments/payment-period';
import { ChartFigure, FigureTable, MethodsChart } from './dashboard-figure';
import { DashboardSection, EmptyPart } from './dashboard-section';
import { countText, dayText, shortDateTimeText } from './dashboard-texts';
import { DashboardTile, DashboardTiles } from './dashboard-tile';

/**
 * A category's overdue payments in Pagos; those billed without a category have no filter
 * of their own there, so their row is not a link.
 */
const debtorName = (categoryId: number | null, name: string | null) =>
  categoryId === null ? (
    (name ?? 'Sin categoría')
  ) : (
    <Link component={RouterLink} to={`/home/payments?overdue=true&category_id=${categoryId}`}>
      {name}
    </Link>
  );

/** Overdue payments by the category they were billed under, with their total. */
export function DebtorsTable({ debtors }: { debtors: AccountantDashboard['debtors'] }) {
  const rows = debtors.categories;
  const sum = (key: 'players' | 'payments' | 'amount') =>
    rows.reduce((total, row) => total + row[key], 0);
  return (
    <DashboardSection title="Deudores por categoría" id="dashboard-debtors">
      {rows.length === 0 ? (
        <EmptyPart>No hay pagos vencidos.</EmptyPart>
      ) : (
        <Paper variant="outlined" sx={{ px: 1 }}>
          <FigureTable
            caption={`Pagos vencidos de cualquier periodo al ${dayText(`${debtors.as_of}T00:00:00Z`, 'UTC')}, por la categoría en que se facturaron`}
            head={['Categoría', 'Jugadores', 'Pagos', 'Saldo']}
            rows={rows.map((row) => ({
              key: row.category_id ?? 'none',
              cells: [
                debtorName(row.category_id, row.category_name),
                countText(row.players),
                countText(row.payments),
                formatMoney(row.amount),
              ],
            }))}
            total={[
              'Total',
              countText(sum('players')),
              countText(sum('payments')),
              formatMoney(sum('amount')),
            ]}
          />
        </Paper>
      )}
    </DashboardSection>
  );
}

/** What was approved this month through each payment method: a chart and its table. */
export function MethodsFigure(props: { period: string; methods: AccountantDashboard['methods'] }) {
  const { methods } = props;
  const month = periodLabel(props.period);
  if (methods.length === 0) {
    return (
      <DashboardSection title="Medios de pago" id="dashboard-methods">
        <EmptyPart>No hay abonos aprobados en {month}.</EmptyPart>
      </DashboardSection>
    );
  }
  const sum = (key: 'records' | 'amount') => methods.reduce((total, m) => total + m[key], 0);
  return (
    <ChartFigure
      title="Medios de pago"
      caption={`Abonos aprobados en ${month} por medio de pago, por fecha de aprobación: suman lo recaudado en el mes.`}
      chart={<MethodsChart methods={methods} />}
      tableShown
      table={
        <FigureTable
          caption={`Abonos aprobados en ${month} por medio de pago`}
          head={['Medio de pago', 'Abonos', 'Monto']}
          rows={methods.map((m) => ({
            key: m.method_id ?? 'none',
            cells: [m.method_name, countText(m.records), formatMoney(m.amount)],
          }))}
          total={['Total', countText(sum('records')), formatMoney(sum('amount'))]}
        />
      }
    />
  );
}

/** The receipts issued in the last 7 days: how many, their amount, the latest. */
export function WeekReceipts({
  receipts,
  timeZone,
}: {
  receipts: AccountantDashboard['receipts'];
  /** The club's zone, for the receipts' times. */
  timeZone: string;
}) {
  return (
    <DashboardSection title="Recibos de la semana" id="dashboard-receipts">
      <DashboardTiles label="Recibos de la semana" columns={1}>
        <DashboardTile
          title="Recibos emitidos"
          value={`${receipts.count === 1 ? '1 recibo' : `${countText(receipts.count)} recibos`} · ${formatMoney(receipts.amount)}`}
          hint="Abonos aprobados en los últimos 7 días, por fecha de aprobación"
        />
      </DashboardTiles>
      {receipts.latest.length > 0 && (
        <Paper variant="outlined">
          <List aria-label="Últimos recibos">
            {receipts.latest.map((receipt) => (
              <ListItem key={receipt.record_id} divider>
                <ListItemText
                  primary={`Recibo N.º ${receipt.receipt_number} · ${receipt.player.name} ${receipt.player.lastname}`}
                  secondary={`${formatMoney(receipt.amount)} · ${shortDateTimeText(receipt.issued_at, timeZone)}`}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </DashboardSection>
  );
}
