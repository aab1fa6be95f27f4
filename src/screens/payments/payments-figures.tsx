import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { PaymentSummary } from '../../../contract/payments.schema';
import { paymentSummaryQuery } from '../../api/payments.api';
import { formatMoney } from '../../lib/money';

/** A header figure of Pagos: the dashboards show the same ones with the same words. */
export interface PaymentFigure {
  title: string;
  value: (summary: PaymentSummary) => string;
  /** What the figure counts, in words. */
  hint: string;
}

const countText = (count: number) => (count === 1 ? '1 pago' : `${count} pagos`);

export const paymentFigures: PaymentFigure[] = [
  {
    title: 'Recaudado en el mes',
    value: (s) => formatMoney(s.collected),
    hint: 'Abonos aprobados en el mes, por fecha de aprobación',
  },
  {
    title: 'Facturado',
    value: (s) => formatMoney(s.billed),
    hint: 'Pagos del periodo, sin los anulados',
  },
  {
    title: 'Por cobrar',
    value: (s) => formatMoney(s.debt),
    hint: 'Saldos pendientes del periodo',
  },
  {
    title: 'En revisión',
    value: (s) => `${countText(s.in_review.count)} · ${formatMoney(s.in_review.amount)}`,
    hint: 'Comprobantes por revisar, de cualquier periodo',
  },
  {
    title: 'Vencidos',
    value: (s) => `${countText(s.overdue.count)} · ${formatMoney(s.overdue.amount)}`,
    hint: 'Saldos con la fecha de pago pasada, de cualquier periodo',
  },
];

/** The header figures of the period, each saying what it counts (GET …/payments/summary). */
export function PaymentsFigures({ clubId, period }: { clubId: number; period: string }) {
  const summary = useQuery(paymentSummaryQuery(clubId, period));
  if (summary.isError) {
    return (
      <Typography role="alert" color="error" sx={{ mb: 3 }}>
        No se pudieron cargar las cifras del periodo: {summary.error.message}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label="Cifras del periodo"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' },
        gap: 2,
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 3,
      }}
    >
      {paymentFigures.map((figure) => (
        <Paper component="li" variant="outlined" key={figure.title} sx={{ p: 2 }}>
          <Typography variant="subtitle2" component="h2">
            {figure.title}
          </Typography>
          <Typography variant="h5" component="p" sx={{ my: 0.5 }}>
            {summary.data ? figure.value(summary.data) : <Skeleton width="80%" />}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {figure.hint}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
