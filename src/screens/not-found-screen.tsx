import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useContext } from 'react';
import { Link as RouterLink } from 'react-router';
import { InsideMainContext } from '../components/shell/main-landmark';

/** Any path the app does not know: the page's main landmark, or a section of the shell's. */
export function NotFoundScreen() {
  const insideMain = useContext(InsideMainContext);
  return (
    <Box
      component={insideMain ? 'section' : 'main'}
      sx={{ maxWidth: 560, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}
    >
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
