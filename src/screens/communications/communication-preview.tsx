import Campaign from '@mui/icons-material/Campaign';
import MailOutlined from '@mui/icons-material/MailOutlined';
import ReportProblem from '@mui/icons-material/ReportProblem';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CommunicationPreview } from '../../../contract/communications.schema';
import { type CommunicationFormValues, peopleText } from './communication-values';

interface PreviewCardProps {
  values: CommunicationFormValues;
  /** The server's count for the complete values; undefined while none was asked. */
  preview: CommunicationPreview | undefined;
  loading: boolean;
  failure: string | null;
  complete: boolean;
}

/** How many it reaches, then the message as a notification and as an e-mail. */
export function CommunicationPreviewCard(props: PreviewCardProps) {
  const { values, preview, loading, failure, complete } = props;
  const title = values.title.trim() || 'Título del mensaje';
  const body = values.body.trim() || 'El mensaje aparecerá aquí.';
  const alert = values.kind === 'system_alert';
  return (
    <Stack sx={{ gap: 2 }}>
      <Box aria-live="polite">
        {!complete ? (
          <Alert severity="info">
            Completa el título, el mensaje, los destinatarios y un canal para contar a quién llega.
          </Alert>
        ) : failure ? (
          <Alert severity="error">{failure}</Alert>
        ) : preview === undefined ? (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <CircularProgress size={20} />
            <Typography>Contando destinatarios…</Typography>
          </Stack>
        ) : (
          <Alert severity={preview.recipients === 0 ? 'warning' : 'success'}>
            <Typography sx={{ fontWeight: 600 }}>
              {preview.recipients === 0
                ? 'No llega a nadie'
                : `Llegará a ${peopleText(preview.recipients)}`}
              {loading ? ' (actualizando…)' : ''}
            </Typography>
            {preview.recipients > 0 && (
              <Typography variant="body2">
                {preview.with_email} con correo electrónico. Entre ellos:{' '}
                {preview.sample.join(', ')}
                {preview.recipients > preview.sample.length ? '…' : ''}
              </Typography>
            )}
          </Alert>
        )}
      </Box>
      {values.channels.includes('in_app') && (
        <Paper variant="outlined" sx={{ p: 2 }} aria-label="Vista previa como notificación">
          <Typography variant="overline">Como notificación</Typography>
          <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
            {alert ? <ReportProblem color="warning" /> : <Campaign color="primary" />}
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {body}
              </Typography>
              <Stack direction="row" sx={{ gap: 1, mt: 1, alignItems: 'center' }}>
                <Typography variant="caption">Hace un momento</Typography>
                <Chip size="small" label={alert ? 'Alta' : 'Media'} />
              </Stack>
            </Box>
          </Stack>
        </Paper>
      )}
      {values.channels.includes('email') && (
        <Paper variant="outlined" sx={{ p: 2 }} aria-label="Vista previa como correo">
          <Typography variant="overline">Como correo</Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <MailOutlined fontSize="small" />
            <Typography variant="body2">
              Asunto: <strong>{title}</strong>
            </Typography>
          </Stack>
          <Typography
            variant="body2"
            sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {body}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Ábrelo aquí: {window.location.origin}/home/dashboard
          </Typography>
        </Paper>
      )}
    </Stack>
  );
}
