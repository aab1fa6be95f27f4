import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';
import { SubmitButton } from '../../components/submit-button';
import {
  selectCanGoBack,
  selectCanRetry,
  selectCanSave,
  selectCanSkip,
  selectCurrentStep,
  selectFailure,
  selectIsBusy,
} from '../../machines/onboarding.selectors';
import { OnboardingWizard } from './onboarding-context';

/**
 * The server's refusal of the step, with 'Reintentar' when it can be sent again as is and a
 * close button when the refusal can be put away to edit the form (MUI's Alert drops its own
 * close button once it has an action, so both are drawn here).
 */
export function WizardFailure() {
  const wizard = OnboardingWizard.useActorRef();
  const failure = OnboardingWizard.useSelector(selectFailure);
  const canRetry = OnboardingWizard.useSelector(selectCanRetry);
  const canDismiss = OnboardingWizard.useSelector((s) => s.can({ type: 'wizard.edit' }));
  if (!failure) return null;
  return (
    <Alert
      severity="error"
      action={
        <>
          {canRetry && (
            <Button
              color="inherit"
              size="small"
              onClick={() => wizard.send({ type: 'wizard.retry' })}
            >
              Reintentar
            </Button>
          )}
          {canDismiss && (
            <IconButton
              aria-label="Cerrar"
              color="inherit"
              size="small"
              onClick={() => wizard.send({ type: 'wizard.edit' })}
            >
              <Close fontSize="small" />
            </IconButton>
          )}
        </>
      }
      sx={{ mb: 2 }}
    >
      {failure.message}
    </Alert>
  );
}

interface StepFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * A step's form: the refusal on top, the fields, then 'Atrás', 'Omitir' (optional steps)
 * and 'Guardar y continuar'. Every button asks the machine whether it may act now.
 */
export function StepForm({ onSubmit, children }: StepFormProps) {
  const wizard = OnboardingWizard.useActorRef();
  const busy = OnboardingWizard.useSelector(selectIsBusy);
  const canSave = OnboardingWizard.useSelector(selectCanSave);
  const canSkip = OnboardingWizard.useSelector(selectCanSkip);
  const canGoBack = OnboardingWizard.useSelector(selectCanGoBack);
  const optional = OnboardingWizard.useSelector((s) => selectCurrentStep(s)?.optional ?? false);

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <WizardFailure />
      <Stack sx={{ gap: 2 }}>{children}</Stack>
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        sx={{ gap: 1, mt: 2, alignItems: { sm: 'flex-end' } }}
      >
        <Button
          size="large"
          disabled={!canGoBack}
          onClick={() => wizard.send({ type: 'wizard.back' })}
        >
          Atrás
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {optional && (
          <Button
            size="large"
            disabled={!canSkip}
            onClick={() => wizard.send({ type: 'wizard.skip' })}
          >
            Omitir
          </Button>
        )}
        <Box sx={{ minWidth: { sm: 240 } }}>
          <SubmitButton label="Guardar y continuar" busy={busy} disabled={!canSave} />
        </Box>
      </Stack>
    </Box>
  );
}
