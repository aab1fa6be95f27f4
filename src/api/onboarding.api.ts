import {
  onboardingFlowResponseSchema,
  onboardingStatusResponseSchema,
  type OnboardingFlow,
  type OnboardingStatusData,
} from '../../contract/onboarding.schema';
import { authClient, describeFailures } from './http';

/*
 * The onboarding wizard's calls (issue #5). Every answer is the user's status, parsed with
 * the contract; every failure is a RequestError with the server's Spanish message.
 */

/** `GET /api/onboarding/status`: progress, the flow's slug and what the forms pre-fill. */
export const getOnboardingStatus = (): Promise<OnboardingStatusData> =>
  describeFailures(
    async () => onboardingStatusResponseSchema.parse(await authClient('/onboarding/status')).data,
  );

/** `POST /api/onboarding/step/{step}`: marks a 1-based step of the user's flow as done. */
export const completeOnboardingStep = (step: number): Promise<OnboardingStatusData> =>
  describeFailures(
    async () =>
      onboardingStatusResponseSchema.parse(
        await authClient(`/onboarding/step/${step}`, { method: 'POST' }),
      ).data,
  );

/** `PUT /api/onboarding/complete`: refused (422) while a required step is missing. */
export const completeOnboarding = (): Promise<OnboardingStatusData> =>
  describeFailures(
    async () =>
      onboardingStatusResponseSchema.parse(
        await authClient('/onboarding/complete', { method: 'PUT' }),
      ).data,
  );

/** `GET /api/onboarding/flow/{role}`: a flow slug or a role name. */
export const getOnboardingFlow = (role: string): Promise<OnboardingFlow> =>
  describeFailures(
    async () =>
      onboardingFlowResponseSchema.parse(
        await authClient(`/onboarding/flow/${encodeURIComponent(role)}`),
      ).data,
  );
