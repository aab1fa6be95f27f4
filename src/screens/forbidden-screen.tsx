import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { HOME_PATH } from '../lib/public-paths';

/** A super admin page reached by someone else (the route guard's `forbidden` state). */
export function ForbiddenScreen() {
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        No tienes permiso
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Esta página es solo para el Super Admin.
      </Typography>
      <Link component={RouterLink} to={HOME_PATH}>
        Volver al Dashboard
      </Link>
    </Box>
  );
}
