import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  selectActiveIndex,
  selectCompletedSteps,
  selectSteps,
} from '../../machines/onboarding.selectors';
import { OnboardingWizard } from './onboarding-context';

/**
 * The flow's steps: a horizontal stepper with every title on wider screens; on a phone,
 * "Paso N de M" and the current title only, so nothing is squeezed.
 */
export function OnboardingStepper() {
  const steps = OnboardingWizard.useSelector(selectSteps);
  const active = OnboardingWizard.useSelector(selectActiveIndex);
  const completed = OnboardingWizard.useSelector(selectCompletedSteps);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  if (phone) {
    const shown = Math.min(active, steps.length - 1);
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {active < steps.length
          ? `Paso ${shown + 1} de ${steps.length} · ${steps[shown]!.title}`
          : `${steps.length} de ${steps.length} pasos`}
      </Typography>
    );
  }
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }} aria-label="Pasos">
      {steps.map((step, index) => (
        <Step key={step.key} completed={completed.includes(index + 1) || index < active}>
          <StepLabel
            optional={
              step.optional ? <Typography variant="caption">Opcional</Typography> : undefined
            }
          >
            {step.title}
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
