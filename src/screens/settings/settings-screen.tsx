import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthContext } from '../../app/auth-context';
import { selectSelectedClubId } from '../../machines/auth.selectors';
import { ClubBillingSection } from './club-billing-section';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { PAYMENT_METHODS_PATH, useCanOpenPaymentMethods } from './settings-access';

/**
 * /home/settings ('Configuración' of the user menu, issues #13 item 5 and #17): for whom
 * may manage the selected club's settings (settings.manage), the club's billing months,
 * payment reminders and the way to its payment methods; for everyone, their own
 * notification preferences (also in 'Mi Cuenta', /home/account#notificaciones).
 */
export function SettingsScreen() {
  const canOpenPaymentMethods = useCanOpenPaymentMethods();
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Configuración
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {canOpenPaymentMethods
          ? 'La configuración del club seleccionado y tus preferencias de notificación.'
          : 'Tus preferencias en Gestión deportiva; valen en todos tus clubes.'}
      </Typography>
      <Stack sx={{ gap: 3 }}>
        {canOpenPaymentMethods && clubId > 0 && <ClubBillingSection key={clubId} clubId={clubId} />}
        {canOpenPaymentMethods && <PaymentMethodsCard />}
        <NotificationPreferencesSection />
      </Stack>
    </Box>
  );
}

/** The way to the club's payment methods, for whom may manage them. */
function PaymentMethodsCard() {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="settings-payment-methods"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" id="settings-payment-methods">
            Medios de pago
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Elige cómo te pueden pagar las familias del club seleccionado.
          </Typography>
        </Box>
        <Button
          component={RouterLink}
          to={PAYMENT_METHODS_PATH}
          variant="outlined"
          sx={{ flexShrink: 0 }}
        >
          Abrir medios de pago
        </Button>
      </Stack>
    </Paper>
  );
}
