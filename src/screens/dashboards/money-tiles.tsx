import type { MoneyMonth } from '../../../contract/dashboards.schema';
import type { PaymentSummary } from '../../../contract/payments.schema';
import { formatMoney } from '../../lib/money';
import { paymentFigures } from '../payments/payment-figures.texts';
import { periodLabel } from '../payments/payment-period';
import { ChartFigure, FigureTable, MoneyMonthsChart } from './dashboard-figure';
import { DashboardSection, EmptyPart } from './dashboard-section';
import { monthLabel } from './dashboard-texts';
import { DashboardTile, DashboardTiles } from './dashboard-tile';

/** Where each Pagos figure leads: the grid whose total it is. */
const figureLinks = (period: string): Record<string, { to: string; linkText: string }> => {
  const month = { to: `/home/payments?period=${period}`, linkText: 'Ver pagos del mes' };
  return {
    'Recaudado en el mes': month,
    Facturado: month,
    'Por cobrar': month,
    'En revisión': {
      to: '/home/payments?status=in_review',
      linkText: 'Ver pagos en revisión',
    },
    Vencidos: { to: '/home/payments?overdue=true', linkText: 'Ver pagos vencidos' },
  };
};

/**
 * The money of the club's current month, as the Pagos header says it (same titles, same
 * words: payment-figures.texts.ts), each tile linking to the grid behind it.
 */
export function MoneyTiles({ money }: { money: PaymentSummary }) {
  const links = figureLinks(money.period);
  return (
    <DashboardTiles label={`Dinero de ${periodLabel(money.period)}`} columns={5}>
      {paymentFigures.map((figure) => (
        <DashboardTile
          key={figure.title}
          title={figure.title}
          value={figure.value(money)}
          hint={figure.hint}
          {...links[figure.title]}
        />
      ))}
    </DashboardTiles>
  );
}

/**
 * 'Facturado vs. recaudado' of the last months, with its table behind 'Ver como tabla';
 * when nothing was billed nor collected, says so (and `emptyHint`, what to do next).
 */
export function MoneyMonthsFigure({
  months,
  emptyHint,
}: {
  months: MoneyMonth[];
  emptyHint?: string;
}) {
  if (months.every((m) => m.billed === 0 && m.collected === 0)) {
    return (
      <DashboardSection title="Facturado vs. recaudado" id="dashboard-money-months">
        <EmptyPart>
          Aún no hay pagos facturados ni recaudados en los últimos {months.length} meses.
          {emptyHint && ` ${emptyHint}`}
        </EmptyPart>
      </DashboardSection>
    );
  }
  const sum = (key: 'billed' | 'collected') => months.reduce((total, m) => total + m[key], 0);
  return (
    <ChartFigure
      title="Facturado vs. recaudado"
      caption={`Últimos ${months.length} meses. Facturado: los pagos del periodo de cada mes, sin los anulados. Recaudado: los abonos aprobados en ese mes, por fecha de aprobación, sea cual sea el periodo que pagan.`}
      chart={<MoneyMonthsChart months={months} />}
      table={
        <FigureTable
          caption="Facturado y recaudado por mes"
          head={['Mes', 'Facturado', 'Recaudado']}
          rows={months.map((m) => ({
            key: m.month,
            cells: [monthLabel(m.month), formatMoney(m.billed), formatMoney(m.collected)],
          }))}
          total={['Total', formatMoney(sum('billed')), formatMoney(sum('collected'))]}
        />
      }
    />
  );
}
