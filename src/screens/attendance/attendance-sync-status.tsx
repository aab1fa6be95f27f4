import CheckCircle from '@mui/icons-material/CheckCircle';
import CloudOff from '@mui/icons-material/CloudOff';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Sync from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { formatDateTime } from '../../../contract/dates.format';
import type { AttendanceSyncStatus as Status } from '../../machines/attendance-sync.selectors';
import { useSelectedClubTimeZone } from '../calendar/use-club-time-zone';

interface AttendanceSyncStatusProps {
  status: Status;
  /** Marks changed on screen and not saved yet. */
  unsaved: boolean;
  /** When the list still waiting was saved, if an earlier visit left it on the device. */
  leftOverSince: string | null;
  /** The server's reason, when it refused the list. */
  failure: string | null;
  canRetry: boolean;
  canDiscard: boolean;
  onRetry: () => void;
  onDiscard: () => void;
}

const chips: Partial<
  Record<
    Status,
    { label: string; color: 'warning' | 'info' | 'success' | 'error'; icon: ReactElement }
  >
> = {
  pending: { label: 'Pendiente de sincronizar', color: 'warning', icon: <CloudOff /> },
  syncing: { label: 'Sincronizando…', color: 'info', icon: <Sync /> },
  synced: { label: 'Sincronizado', color: 'success', icon: <CheckCircle /> },
  conflict: { label: 'Otra persona guardó la lista', color: 'warning', icon: <ErrorOutline /> },
  failed: { label: 'No se pudo sincronizar', color: 'error', icon: <ErrorOutline /> },
};

/**
 * Where the list is: only on this device ('Pendiente de sincronizar'), on its way
 * ('Sincronizando…') or on the server ('Sincronizado'); a refusal with its reason and
 * what the trainer can do about it. A live region, so a screen reader hears it change.
 */
export function AttendanceSyncStatus(props: AttendanceSyncStatusProps) {
  const { status, unsaved, leftOverSince, failure, canRetry, canDiscard, onRetry, onDiscard } =
    props;
  const timeZone = useSelectedClubTimeZone();
  const chip = chips[status];
  return (
    <Stack role="status" sx={{ gap: 1 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {chip && (
          // The label in the text colour: orange and light blue text on the page's grey fall
          // under 4.5:1; the border and icon keep the status colour.
          <Chip
            icon={chip.icon}
            label={chip.label}
            color={chip.color}
            variant="outlined"
            sx={{ color: 'text.primary' }}
          />
        )}
        {unsaved && <Chip label="Cambios sin guardar" variant="outlined" />}
        {canRetry && (
          <Button size="small" onClick={onRetry}>
            Reintentar
          </Button>
        )}
        {canDiscard && (
          <Button size="small" color="error" onClick={onDiscard}>
            Descartar mis cambios
          </Button>
        )}
      </Stack>
      {leftOverSince && (
        <Typography variant="body2">
          Tienes una lista sin enviar de {formatDateTime(leftOverSince, timeZone)}.
        </Typography>
      )}
      {status === 'pending' && (
        <Typography variant="body2" color="text.secondary">
          La lista está guardada en este dispositivo y se enviará cuando vuelva la conexión.
        </Typography>
      )}
      {failure && (
        <Typography variant="body2" color="error">
          {failure}
        </Typography>
      )}
    </Stack>
  );
}
