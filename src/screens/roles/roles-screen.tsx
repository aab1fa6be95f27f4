import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthContext } from '../../app/auth-context';
import { selectIsSuperAdmin, selectSelectedClubId } from '../../machines/auth.selectors';
import { RolesEditor } from './roles-editor';
import { RolesModulesSection } from './roles-modules-section';

/**
 * /home/admin/roles: Gestión de Roles. The roles of the selected club (another club, another
 * editor: nothing carries over), and for the super admin the platform defaults and the
 * module switches.
 */
export function RolesScreen() {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  const isSuperAdmin = AuthContext.useSelector(selectIsSuperAdmin);
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: 2, py: 4, minWidth: 0 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Gestión de Roles
      </Typography>
      {clubId === 0 && !isSuperAdmin ? (
        <Alert severity="info">
          Selecciona un club en{' '}
          <Link component={RouterLink} to="/home/club-team">
            Club / Equipo
          </Link>{' '}
          para configurar sus roles.
        </Alert>
      ) : (
        <Stack sx={{ gap: 4, minWidth: 0 }}>
          <RolesEditor key={clubId} clubId={clubId} isSuperAdmin={isSuperAdmin} />
          <RolesModulesSection isSuperAdmin={isSuperAdmin} />
        </Stack>
      )}
    </Box>
  );
}
