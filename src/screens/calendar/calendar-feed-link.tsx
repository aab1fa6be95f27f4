import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CalendarFeedCreated } from '../../../contract/calendar-feeds.schema';
import { toast } from '../../components/toaster';

/** Google Calendar's "add by URL" page for a webcal link. */
export const googleCalendarUrl = (webcalUrl: string) =>
  `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl)}`;

/**
 * The link just made, shown this once (the server keeps only its hash): copy it, open it
 * as a subscription on the phone (webcal) or in Google Calendar.
 */
export function CalendarFeedLink({ feed }: { feed: CalendarFeedCreated }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.url);
      toast('Enlace copiado');
    } catch {
      toast('No se pudo copiar el enlace; selecciónalo y cópialo', { variant: 'destructive' });
    }
  };
  return (
    <>
      <Alert severity="warning">
        Este enlace es secreto: quien lo tenga ve {feed.category_name ? 'estas' : 'tus'} sesiones.
        Solo se muestra ahora; si lo pierdes o lo compartes por error, revócalo y crea otro.
      </Alert>
      <TextField
        label={
          feed.category_name
            ? `Enlace del calendario de ${feed.category_name}`
            : 'Enlace de tu calendario'
        }
        value={feed.url}
        slotProps={{ input: { readOnly: true } }}
        onFocus={(event) => event.target.select()}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<ContentCopy />} onClick={() => void copy()}>
          Copiar enlace
        </Button>
        <Button variant="outlined" href={feed.webcal_url}>
          Abrir en el calendario del teléfono
        </Button>
        <Button
          variant="outlined"
          href={googleCalendarUrl(feed.webcal_url)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Añadir a Google Calendar
        </Button>
      </Stack>
    </>
  );
}
