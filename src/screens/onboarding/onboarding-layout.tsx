import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Outlet } from 'react-router';
import { AuthContext } from '../../app/auth-context';
import { selectFirstRoleName, selectOnboarding } from '../../machines/auth.selectors';

/** The role named in the header when the user has none yet. */
const NO_ROLE = 'Usuario';

/**
 * The layout of /onboarding and /onboarding/* (SPEC.md §2): its own header with the role
 * being set up and the progress, the wizard step in the middle, the copyright at the foot.
 */
export function OnboardingLayout() {
  const role = AuthContext.useSelector(selectFirstRoleName) ?? NO_ROLE;
  const progress = AuthContext.useSelector(selectOnboarding)?.progress_percentage ?? 0;
  const percentage = Math.round(Math.min(100, Math.max(0, progress)));

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ px: 2, py: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ maxWidth: 720, mx: 'auto' }}>
          <Typography variant="h1" sx={{ mb: 1 }}>
            Configuración inicial
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Configurando tu cuenta como {role}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <LinearProgress
              variant="determinate"
              value={percentage}
              aria-label="Progreso de la configuración"
              sx={{ flexGrow: 1 }}
            />
            <Typography variant="body2" color="text.secondary">
              {percentage}%
            </Typography>
          </Box>
        </Box>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, px: 2, py: 4 }}>
        <Box sx={{ maxWidth: 720, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
      <Box component="footer" sx={{ px: 2, py: 2, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} Gestión deportiva
        </Typography>
      </Box>
    </Box>
  );
}
