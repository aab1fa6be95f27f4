import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePaymentMethods } from '../../api/payment-methods.api';
import { AuthContext } from '../../app/auth-context';
import { selectSelectedClubId } from '../../machines/auth.selectors';
import { PaymentMethodCard } from './payment-method-card';

/** /home/admin/payment_methods: which of its country's methods the selected club accepts. */
export function PaymentMethodsScreen() {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  return (
    <Box sx={{ maxWidth: 800, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Medios de pago
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Elige cómo te pueden pagar las familias. Los datos de cada medio se muestran en sus pagos y
        recibos.
      </Typography>
      {clubId > 0 ? (
        <ClubPaymentMethods key={clubId} clubId={clubId} />
      ) : (
        <Alert severity="info">
          Selecciona un club en{' '}
          <Link component={RouterLink} to="/home/club-team">
            Club / Equipo
          </Link>{' '}
          para configurar sus medios de pago.
        </Alert>
      )}
    </Box>
  );
}

function ClubPaymentMethods({ clubId }: { clubId: number }) {
  const methods = usePaymentMethods(clubId);

  let content: ReactNode;
  if (methods.isPending) {
    content = (
      <Stack sx={{ gap: 2 }} aria-busy="true" aria-label="Cargando medios de pago">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={200} />
        ))}
      </Stack>
    );
  } else if (methods.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void methods.refetch()}>
            Reintentar
          </Button>
        }
      >
        {methods.error.message}
      </Alert>
    );
  } else if (methods.data.length === 0) {
    content = (
      <Alert severity="info">No hay medios de pago registrados para el país de este club.</Alert>
    );
  } else {
    content = (
      <Stack sx={{ gap: 2 }}>
        {methods.data.map((method) => (
          <PaymentMethodCard key={method.id} clubId={clubId} method={method} />
        ))}
      </Stack>
    );
  }
  return <>{content}</>;
}
