import { useQuery } from '@tanstack/react-query';
import { accountantDashboardQuery } from '../../api/dashboards.api';
import { DebtorsTable, MethodsFigure, WeekReceipts } from './accountant-parts';
import { DashboardFrame } from './dashboard-frame';
import { MoneyMonthsFigure, MoneyTiles } from './money-tiles';

/**
 * The accountant's Tablero (issue #16): the month's money as Pagos shows it, six months
 * billed vs. collected, the overdue debt by category, this month's methods and the
 * receipts of the week. Every figure links to its grid.
 */
export function AccountantDashboard({ clubId }: { clubId: number }) {
  const query = useQuery(accountantDashboardQuery(clubId));
  return (
    <DashboardFrame query={query}>
      {(data) => (
        <>
          <MoneyTiles money={data.money} />
          <MoneyMonthsFigure months={data.money_months} />
          <DebtorsTable debtors={data.debtors} />
          <MethodsFigure period={data.money.period} methods={data.methods} />
          <WeekReceipts receipts={data.receipts} timeZone={data.club.timezone} />
        </>
      )}
    </DashboardFrame>
  );
}
