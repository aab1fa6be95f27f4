import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import type { OnboardingStepKey } from '../../../contract/onboarding.schema';
import { useProfileCompletionPercentage } from '../../api/profile.api';
import {
  selectActiveIndex,
  selectCurrentStep,
  selectUsedFallback,
  selectView,
} from '../../machines/onboarding.selectors';
import { AuthorizationStep } from './onboarding-authorization-step';
import { ChildrenStep } from './onboarding-children-step';
import { ClubStep } from './onboarding-club-step';
import { OnboardingWizard } from './onboarding-context';
import { DocumentStep } from './onboarding-document-step';
import { OnboardingDone, OnboardingFinish } from './onboarding-finish';
import { InviteStep } from './onboarding-invite-step';
import { MedicalStep } from './onboarding-medical-step';
import { PhotoStep } from './onboarding-photo-step';
import { ProfileStep } from './onboarding-profile-step';
import { SeasonStep } from './onboarding-season-step';
import { OnboardingStepper } from './onboarding-stepper';

const stepForms: Record<OnboardingStepKey, ComponentType> = {
  profile: ProfileStep,
  document: DocumentStep,
  photo: PhotoStep,
  club: ClubStep,
  season: SeasonStep,
  invite: InviteStep,
  children: ChildrenStep,
  authorization: AuthorizationStep,
  medical: MedicalStep,
};

/** How complete the profile is (20 % when the server cannot tell, SPEC §8). */
function ProfileCompletion() {
  const percentage = useProfileCompletionPercentage();
  if (percentage === null) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      Tu perfil está completo al {percentage} %
    </Typography>
  );
}

/** The step on screen: its title, what it is for, and its form. */
function CurrentStep() {
  const step = OnboardingWizard.useSelector(selectCurrentStep);
  const index = OnboardingWizard.useSelector(selectActiveIndex);
  if (!step) return null;
  const Form = stepForms[step.key];
  return (
    <Stack sx={{ gap: 2 }}>
      <div>
        <Typography variant="h2">{step.title}</Typography>
        <Typography color="text.secondary">{step.description}</Typography>
      </div>
      {/* A new form per step, so each starts from its own values. */}
      <Form key={`${index}-${step.key}`} />
    </Stack>
  );
}

/** /onboarding and /onboarding/*: the wizard of the user's flow, one step at a time. */
export function OnboardingScreen() {
  const view = OnboardingWizard.useSelector(selectView);
  const usedFallback = OnboardingWizard.useSelector(selectUsedFallback);

  if (view === 'loading') {
    return (
      <Skeleton
        variant="rounded"
        height={420}
        role="status"
        aria-label="Cargando tu configuración"
      />
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <OnboardingStepper />
      {usedFallback && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          No pudimos cargar tu progreso. Empezamos desde el primer paso; lo que guardes queda
          registrado.
        </Alert>
      )}
      <Stack sx={{ gap: 2 }}>
        <ProfileCompletion />
        {view === 'step' && <CurrentStep />}
        {view === 'ready' && <OnboardingFinish />}
        {view === 'done' && <OnboardingDone />}
      </Stack>
    </Paper>
  );
}
