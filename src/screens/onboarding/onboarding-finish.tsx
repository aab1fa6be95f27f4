import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { onboardingMessages } from '../../../contract/onboarding.schema';
import { AuthContext } from '../../app/auth-context';
import {
  selectCanFinish,
  selectCanGoBack,
  selectCompletedSteps,
  selectIsBusy,
  selectSteps,
} from '../../machines/onboarding.selectors';
import { OnboardingWizard } from './onboarding-context';
import { WizardFailure } from './onboarding-step-form';

/** The end of the flow: what was done or left for later, 'Atrás' and 'Finalizar'. */
export function OnboardingFinish() {
  const wizard = OnboardingWizard.useActorRef();
  const steps = OnboardingWizard.useSelector(selectSteps);
  const completed = OnboardingWizard.useSelector(selectCompletedSteps);
  const busy = OnboardingWizard.useSelector(selectIsBusy);
  const canFinish = OnboardingWizard.useSelector(selectCanFinish);
  const canGoBack = OnboardingWizard.useSelector(selectCanGoBack);

  return (
    <Box>
      <Typography variant="h2" sx={{ mb: 1 }}>
        Todo listo
      </Typography>
      <Typography color="text.secondary">
        Revisa los pasos y pulsa «Finalizar» para empezar a usar la aplicación.
      </Typography>
      <List dense>
        {steps.map((step, index) => (
          <ListItem key={step.key} disableGutters>
            <ListItemText
              primary={step.title}
              secondary={completed.includes(index + 1) ? 'Completado' : 'Pendiente'}
            />
          </ListItem>
        ))}
      </List>
      <WizardFailure />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} sx={{ gap: 1, mt: 2 }}>
        <Button
          size="large"
          disabled={!canGoBack}
          onClick={() => wizard.send({ type: 'wizard.back' })}
        >
          Atrás
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          size="large"
          disabled={!canFinish}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          onClick={() => wizard.send({ type: 'wizard.finish' })}
        >
          Finalizar
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * Completed: the session reloads and the guard takes the user to their dashboard. Should
 * that reload fail (it is only logged, SPEC §8), 'Continuar' asks for it again.
 */
export function OnboardingDone() {
  const auth = AuthContext.useActorRef();
  return (
    <Stack sx={{ gap: 2, alignItems: 'center', py: 4 }}>
      <Alert severity="success">{onboardingMessages.completed}</Alert>
      <CircularProgress aria-label="Abriendo tu panel" />
      <Button onClick={() => auth.send({ type: 'auth.refreshUser' })}>Continuar</Button>
    </Stack>
  );
}
