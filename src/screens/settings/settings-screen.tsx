import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { PAYMENT_METHODS_PATH, useCanOpenPaymentMethods } from './settings-access';

/**
 * /home/settings ('Configuración' of the user menu, issue #13 item 5): every signed-in
 * user's notification preferences and, for whom may manage the club's settings, the way
 * to its payment methods.
 */
export function SettingsScreen() {
  const canOpenPaymentMethods = useCanOpenPaymentMethods();
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Configuración
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Tus preferencias en Gestión deportiva; valen en todos tus clubes.
      </Typography>
      <Stack sx={{ gap: 3 }}>
        <NotificationPreferencesSection />
        {canOpenPaymentMethods && <PaymentMethodsCard />}
      </Stack>
    </Box>
  );
}

function PaymentMethodsCard() {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={PAYMENT_METHODS_PATH} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
          <PaymentsOutlined color="primary" aria-hidden />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              Medios de pago
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Elige cómo te pueden pagar las familias del club seleccionado.
            </Typography>
          </Box>
          <ChevronRightOutlined aria-hidden />
        </Stack>
      </CardActionArea>
    </Card>
  );
}
