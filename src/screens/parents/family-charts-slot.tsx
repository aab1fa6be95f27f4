import Skeleton from '@mui/material/Skeleton';
import { Suspense, lazy } from 'react';
import type { FamilyCharts } from '../../../contract/dashboards.schema';

// MUI X Charts load with the charts alone, after the card's figures are shown.
const FamilyChartsView = lazy(() => import('./family-charts'));

/** Where a card shows its charts: a skeleton until the charts' module is loaded. */
export function FamilyChartsSlot(props: { charts: FamilyCharts; name: string }) {
  return (
    <Suspense
      fallback={
        <Skeleton variant="rounded" height={200} role="status" aria-label="Cargando gráficos" />
      }
    >
      <FamilyChartsView charts={props.charts} name={props.name} />
    </Suspense>
  );
}
