import type { OnboardingStepKey } from '../../../contract/onboarding.schema';
import type { StepValues } from '../../machines/onboarding.machine';
import {
  selectClubId,
  selectSavedValues,
  selectUserData,
} from '../../machines/onboarding.selectors';
import { OnboardingWizard } from './onboarding-context';

/**
 * What a step's form starts from: what it saved earlier in this visit (going back), else
 * what the server knows of the person; and how the form hands its checked values over.
 */
export function useStepStart(key: OnboardingStepKey) {
  const wizard = OnboardingWizard.useActorRef();
  const saved = OnboardingWizard.useSelector((s) => selectSavedValues(s)[key]);
  const userData = OnboardingWizard.useSelector(selectUserData);
  const clubId = OnboardingWizard.useSelector(selectClubId);
  const save = (values: object) =>
    wizard.send({ type: 'wizard.save', values: values as StepValues });
  return { saved, userData, clubId, save };
}
