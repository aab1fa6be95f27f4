import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** Any path the app does not know. */
export function NotFoundScreen() {
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Página no encontrada
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        La página que buscas no existe o fue movida.
      </Typography>
      <Link component={RouterLink} to="/">
        Ir al inicio
      </Link>
    </Box>
  );
}
