import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The whole page waits: the session is being checked or a page is loading. */
export function FullScreenProgress() {
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}
      role="status"
      aria-live="polite"
    >
      <CircularProgress aria-label="Cargando" />
    </Box>
  );
}
