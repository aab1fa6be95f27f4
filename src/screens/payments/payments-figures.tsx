import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { paymentSummaryQuery } from '../../api/payments.api';
import { paymentFigures } from './payment-figures.texts';

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
