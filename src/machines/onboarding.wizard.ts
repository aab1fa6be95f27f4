import { fromPromise } from 'xstate';
import {
  onboardingFlows,
  onboardingStatusFallback,
  type OnboardingStatusData,
  type OnboardingStep,
  type OnboardingStepKey,
} from '../../contract/onboarding.schema';
import type { RequestFailure } from '../lib/request-failure';

/*
 * The onboarding machine's types and the pure functions its `assign`s and inputs use, kept
 * apart so the machine file stays a readable statechart (STYLE.md §12).
 */

/** The status as the wizard keeps it: `user_data` is null when the server could not tell it. */
export type WizardStatus = Omit<OnboardingStatusData, 'user_data'> & {
  user_data: OnboardingStatusData['user_data'] | null;
};

/** A step form's values, as react-hook-form hands them over (already checked with the contract). */
export type StepValues = Record<string, unknown>;

/** What `saveStep` needs: which step, its values, and the club the wizard works on (if any). */
export interface SaveStepInput {
  key: OnboardingStepKey;
  values: StepValues;
  clubId: number | null;
  /**
   * Whether `clubId` is the user's own club (created in this visit, or their current club
   * as owner): the club step then updates it instead of creating another.
   */
  ownsClub: boolean;
}

/** What `saveStep` answers: the club the wizard works on after the save. */
export interface SaveStepOutput {
  clubId: number | null;
}

export interface OnboardingContext {
  status: WizardStatus;
  /** True when the status could not be read and the wizard runs on SPEC §8's defaults. */
  usedFallback: boolean;
  /** 0-based index of the step on screen, in the flow of `status.flow`. */
  stepIndex: number;
  /** What each step saved in this visit, so going back shows it again. */
  saved: Partial<Record<OnboardingStepKey, StepValues>>;
  /** The values of the save in flight or refused (a retry sends them again). */
  pending: StepValues | null;
  /** The club created or found for the club, season and invite steps. */
  clubId: number | null;
  /** The club the user owns: their current club as owner (input), then the one the club step saved. */
  ownedClubId: number | null;
  /** Why the last save, record or completion was refused; null otherwise. */
  failure: RequestFailure | null;
}

export interface OnboardingInput {
  /** The user's current club when they own it (auth's `selectOwnedCurrentClubId`), else null. */
  ownedClubId?: number | null;
}

export type OnboardingEvent =
  | { type: 'wizard.save'; values: StepValues }
  | { type: 'wizard.skip' }
  | { type: 'wizard.back' }
  | { type: 'wizard.retry' }
  | { type: 'wizard.edit' }
  | { type: 'wizard.finish' };

/** The steps of a flow slug; an unknown slug follows the 'default' flow. */
export const stepsOfFlow = (slug: string): readonly OnboardingStep[] =>
  (onboardingFlows as Record<string, readonly OnboardingStep[]>)[slug] ?? onboardingFlows.default;

export const stepsOf = (context: OnboardingContext) => stepsOfFlow(context.status.flow);

/** The step to resume at: the server's next step, within the flow. */
export const resumeIndex = (status: WizardStatus) =>
  Math.min(Math.max((status.next_step ?? 1) - 1, 0), stepsOfFlow(status.flow).length - 1);

export const fallbackStatus: WizardStatus = {
  ...onboardingStatusFallback,
  flow: 'default',
  user_data: null,
};

/** An actor the wizard's page must provide (onboarding.actors.ts); tests provide fakes. */
export const notProvided = <T, I = void>(name: string) =>
  fromPromise<T, I>(() => Promise.reject(new Error(`${name} is not provided`)));

/** The step on screen. */
export const currentStepKey = (context: OnboardingContext): OnboardingStepKey =>
  stepsOf(context)[context.stepIndex]!.key;

/** The save of the step on screen: the machine decides whether the wizard owns the club. */
export const saveStepInput = (context: OnboardingContext): SaveStepInput => ({
  key: currentStepKey(context),
  values: context.pending ?? {},
  clubId: context.clubId,
  ownsClub: context.clubId !== null && context.clubId === context.ownedClubId,
});
