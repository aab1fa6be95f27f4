import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Outlet } from 'react-router';
import { AuthContext } from '../../app/auth-context';
import {
  selectCanLogout,
  selectFirstRoleName,
  selectOnboarding,
} from '../../machines/auth.selectors';
import {
  selectFlowRoleName,
  selectIsLoading,
  selectProgress,
  selectUsedFallback,
} from '../../machines/onboarding.selectors';
import { DatePickersProvider } from '../../theme/date-pickers';
import { OnboardingWizard } from './onboarding-context';
import { useOnboardingLogic } from './onboarding.logic';

/**
 * The layout of /onboarding and /onboarding/* (SPEC.md §2): its own header with the role
 * being set up and the progress, the wizard step in the middle, the copyright at the foot.
 * It runs the wizard's actor, so the bar shows the progress the server answers each step,
 * and the date pickers' Spanish dayjs adapter for the steps.
 */
export function OnboardingLayout() {
  const { logic, input } = useOnboardingLogic();
  return (
    <OnboardingWizard.Provider logic={logic} options={{ input }}>
      <DatePickersProvider>
        <LayoutView />
      </DatePickersProvider>
    </OnboardingWizard.Provider>
  );
}

function LayoutView() {
  // A person without a role yet follows the flow of whoever opens a club (SPEC §8's default).
  const flowRole = OnboardingWizard.useSelector(selectFlowRoleName);
  const role = AuthContext.useSelector(selectFirstRoleName) ?? flowRole;
  const sessionProgress = AuthContext.useSelector(selectOnboarding)?.progress_percentage ?? 0;
  const loading = OnboardingWizard.useSelector(selectIsLoading);
  const usedFallback = OnboardingWizard.useSelector(selectUsedFallback);
  const wizardProgress = OnboardingWizard.useSelector(selectProgress);
  // The session's figure until the wizard hears from the server (and if it never does).
  const progress = loading || usedFallback ? sessionProgress : wizardProgress;
  const percentage = Math.round(Math.min(100, Math.max(0, progress)));
  // The wizard has no shell and no user menu: a person must still be able to leave it.
  const canLogout = AuthContext.useSelector(selectCanLogout);
  const auth = AuthContext.useActorRef();

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ px: 2, py: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ maxWidth: 720, mx: 'auto' }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 1 }}>
            <Typography variant="h1" sx={{ flexGrow: 1 }}>
              Configuración inicial
            </Typography>
            <Button
              variant="text"
              disabled={!canLogout}
              onClick={() => auth.send({ type: 'auth.logout' })}
            >
              Cerrar Sesión
            </Button>
          </Box>
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
