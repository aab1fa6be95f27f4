import type { UseQueryResult } from '@tanstack/react-query';
import type { ClubOwnerDashboard } from '../../../contract/dashboards.schema';
import { DashboardContent } from './dashboard-content';
import { MoneyMonthsFigure, MoneyTiles } from './money-tiles';
import { AttendanceFigure, CountTiles, SETUP_HINT, UpcomingSessions } from './owner-parts';
import { SetupChecklist } from './setup-checklist';

/**
 * The figures of the club owner's Tablero (issue #16): the set-up checklist while the club
 * is new, the club's counts, the month's money as Pagos shows it, six months billed vs.
 * collected, attendance per category and the next sessions (in the club's zone, from the
 * answer). Every figure links to its grid.
 */
export function OwnerDashboardContent({ query }: { query: UseQueryResult<ClubOwnerDashboard> }) {
  return (
    <DashboardContent query={query}>
      {(data) => {
        const settingUp = !data.checklist.complete;
        return (
          <>
            <SetupChecklist clubId={data.club.id} checklist={data.checklist} />
            <CountTiles counts={data.counts} />
            <MoneyTiles money={data.money} />
            <MoneyMonthsFigure
              months={data.money_months}
              emptyHint={settingUp ? SETUP_HINT : undefined}
            />
            <AttendanceFigure attendance={data.attendance} />
            <UpcomingSessions
              upcoming={data.upcoming}
              timeZone={data.club.timezone}
              settingUp={settingUp}
            />
          </>
        );
      }}
    </DashboardContent>
  );
}
