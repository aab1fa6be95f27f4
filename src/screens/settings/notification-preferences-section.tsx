import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { NOTIFICATION_TYPES, notificationTypeLabels } from '../../../contract/notifications.schema';
import {
  useNotificationPreferences,
  useSaveEmailChoice,
} from '../../api/notifications-preferences.api';
import { EmailPreferenceRow } from './email-preference-row';
import { notificationTypeDescriptions } from './notification-type-descriptions';

/** 'Notificaciones': for every type, in the app always and by e-mail if the user chooses. */
export function NotificationPreferencesSection() {
  const preferences = useNotificationPreferences();
  const save = useSaveEmailChoice();
  const headingId = useId();
  const inAppNoteId = useId();

  let content: ReactNode;
  if (preferences.isPending) {
    content = (
      <Stack sx={{ gap: 1 }} aria-busy="true" aria-label="Cargando preferencias">
        {NOTIFICATION_TYPES.map((type) => (
          <Skeleton key={type} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  } else if (preferences.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void preferences.refetch()}>
            Reintentar
          </Button>
        }
      >
        {preferences.error.message}
      </Alert>
    );
  } else {
    content = NOTIFICATION_TYPES.map((type) => (
      <EmailPreferenceRow
        key={type}
        type={type}
        label={notificationTypeLabels[type]}
        description={notificationTypeDescriptions[type]}
        email={preferences.data[type]}
        inAppNoteId={inAppNoteId}
        save={save}
      />
    ));
  }

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h2" id={headingId}>
        Notificaciones
      </Typography>
      <Typography id={inAppNoteId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Todas llegan siempre a la campana de la aplicación, por eso &apos;En la aplicación&apos; no
        se puede apagar. Elige cuáles quieres recibir también por correo.
      </Typography>
      {content}
    </Paper>
  );
}
