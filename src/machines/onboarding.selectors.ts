import type { SnapshotFrom } from 'xstate';
import type { OnboardingStep } from '../../contract/onboarding.schema';
import { stepsOfFlow, type onboardingMachine } from './onboarding.machine';

type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;

/** What the wizard shows: a skeleton, a step's form, the end ('Finalizar') or the goodbye. */
export type WizardView = 'loading' | 'step' | 'ready' | 'done';

export const selectView = (snapshot: OnboardingSnapshot): WizardView => {
  if (snapshot.matches('step')) return 'step';
  if (snapshot.matches('ready') || snapshot.matches('completing')) return 'ready';
  if (snapshot.matches('completeFailed')) return 'ready';
  if (snapshot.matches('done')) return 'done';
  return 'loading';
};

/** The steps of the user's flow, for the stepper. */
export const selectSteps = (snapshot: OnboardingSnapshot): readonly OnboardingStep[] =>
  stepsOfFlow(snapshot.context.status.flow);

/** 0-based index of the step on screen (the stepper's active step; the length at the end). */
export const selectActiveIndex = (snapshot: OnboardingSnapshot): number => {
  const view = selectView(snapshot);
  if (view === 'ready' || view === 'done') return selectSteps(snapshot).length;
  return snapshot.context.stepIndex;
};

/** The step on screen, or null outside the steps. */
export const selectCurrentStep = (snapshot: OnboardingSnapshot): OnboardingStep | null =>
  snapshot.matches('step') ? (selectSteps(snapshot)[snapshot.context.stepIndex] ?? null) : null;

/** 1-based numbers of the steps the server counts as done. */
export const selectCompletedSteps = (snapshot: OnboardingSnapshot): number[] =>
  snapshot.context.status.completed_steps;

/** The server's progress, 0–100 (the layout's bar). */
export const selectProgress = (snapshot: OnboardingSnapshot): number =>
  snapshot.context.status.progress_percentage;

/** True while the status is being read. */
export const selectIsLoading = (snapshot: OnboardingSnapshot) => snapshot.hasTag('loading');

/** True while a save, a record or the completion is in flight. */
export const selectIsBusy = (snapshot: OnboardingSnapshot) => snapshot.hasTag('busy');

/** True when the status could not be read and the wizard runs on the defaults. */
export const selectUsedFallback = (snapshot: OnboardingSnapshot) => snapshot.context.usedFallback;

/** Why the last save, record or completion was refused, or null. */
export const selectFailure = (snapshot: OnboardingSnapshot) => snapshot.context.failure;

/** Whether the refusal on screen can be retried as is ('Reintentar'). */
export const selectCanRetry = (snapshot: OnboardingSnapshot) =>
  snapshot.can({ type: 'wizard.retry' });

export const selectCanSave = (snapshot: OnboardingSnapshot) =>
  snapshot.can({ type: 'wizard.save', values: {} });

export const selectCanSkip = (snapshot: OnboardingSnapshot) =>
  snapshot.can({ type: 'wizard.skip' });

export const selectCanGoBack = (snapshot: OnboardingSnapshot) =>
  snapshot.can({ type: 'wizard.back' });

export const selectCanFinish = (snapshot: OnboardingSnapshot) =>
  snapshot.can({ type: 'wizard.finish' });

/** The values a step's form starts with: what it saved in this visit, else nothing. */
export const selectSavedValues = (snapshot: OnboardingSnapshot) => snapshot.context.saved;

/** What the server knows of the person, for the forms (null on the fallback). */
export const selectUserData = (snapshot: OnboardingSnapshot) => snapshot.context.status.user_data;

/** The club the club, season and invite steps work on. */
export const selectClubId = (snapshot: OnboardingSnapshot) => snapshot.context.clubId;

/** The role the flow is for, as the server names it ('Propietario del Club' for a new person). */
export const selectFlowRoleName = (snapshot: OnboardingSnapshot): string =>
  snapshot.context.status.role_name;
