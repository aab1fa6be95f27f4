import type { UseQueryResult } from '@tanstack/react-query';
import type { AccountantDashboard } from '../../../contract/dashboards.schema';
import { DebtorsTable, MethodsFigure, WeekReceipts } from './accountant-parts';
import { DashboardContent } from './dashboard-content';
import { MoneyMonthsFigure, MoneyTiles } from './money-tiles';

/**
 * The figures of the accountant's Tablero (issue #16): the month's money as Pagos shows it,
 * six months billed vs. collected, the overdue debt by category, this month's methods and
 * the receipts of the week. Every figure links to its grid.
 */
export function AccountantDashboardContent({
  query,
}: {
  query: UseQueryResult<AccountantDashboard>;
}) {
  return (
    <DashboardContent query={query}>
      {(data) => (
        <>
          <MoneyTiles money={data.money} />
          <MoneyMonthsFigure months={data.money_months} />
          <DebtorsTable debtors={data.debtors} />
          <MethodsFigure period={data.money.period} methods={data.methods} />
          <WeekReceipts receipts={data.receipts} timeZone={data.club.timezone} />
        </>
      )}
    </DashboardContent>
  );
}
