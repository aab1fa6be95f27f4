import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { toRequestFailure } from '../../lib/request-failure';
import { usePageMeta } from '../../lib/use-page-meta';

/** True when a public read failed because there is nothing at that address (404). */
export const isNotFound = (error: unknown): boolean => toRequestFailure(error).status === 404;

/** Loading a public page's content. */
export function PublicLoading({ label = 'Cargando…' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{label}</Typography>
    </Box>
  );
}

/** The content could not be loaded (network, server): what happened and a retry. */
export function PublicError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Reintentar
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** A public address with nothing behind it, inside the public layout (e.g. an unknown post). */
export function PublicNotFound({
  title = 'Página no encontrada',
  text = 'La página que buscas no existe o fue movida.',
  backTo = '/',
  backLabel = 'Ir al inicio',
}: {
  title?: string;
  text?: string;
  backTo?: string;
  backLabel?: string;
}) {
  usePageMeta(title, text);
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      <Link component={RouterLink} to={backTo}>
        {backLabel}
      </Link>
    </Box>
  );
}
