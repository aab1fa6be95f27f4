import { createActorContext } from '@xstate/react';
import { onboardingMachine } from '../../machines/onboarding.machine';

/**
 * The wizard's actor, started by the onboarding layout (its progress bar reads it) with the
 * effects of onboarding.logic.ts; the steps read it and send `wizard.*` events.
 */
export const OnboardingWizard = createActorContext(onboardingMachine);
