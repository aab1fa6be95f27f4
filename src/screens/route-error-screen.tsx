import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router';

/** A route failed to load or render (often a new deployment replaced the page's code). */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Algo salió mal
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        No pudimos mostrar esta página. Recarga para intentarlo de nuevo.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Recargar
      </Button>
    </Box>
  );
}
