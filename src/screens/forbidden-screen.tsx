import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { HOME_PATH } from '../lib/public-paths';

/**
 * A page whose menu item this user would not see (the route guard's `forbidden` state),
 * drawn inside the shell's main area.
 */
export function ForbiddenScreen() {
  return (
    <Box
      component="section"
      aria-labelledby="forbidden-title"
      sx={{ maxWidth: 560, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}
    >
      <Typography id="forbidden-title" variant="h1" sx={{ mb: 2 }}>
        No tienes permiso
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Tu usuario no tiene acceso a esta página en este club.
      </Typography>
      <Link component={RouterLink} to={HOME_PATH}>
        Volver al Dashboard
      </Link>
    </Box>
  );
}
