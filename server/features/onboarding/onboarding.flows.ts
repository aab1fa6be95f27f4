import {
  type OnboardingFlowSlug,
  onboardingFlowRoleName,
  onboardingFlowSlugOf,
  onboardingFlows,
} from '../../../contract/onboarding.schema';
import type { OnboardingStatus } from '../../../contract/users.schema';

/** Steps of the onboarding wizard unless a role's flow says otherwise (SPEC.md §9). */
export const ONBOARDING_TOTAL_STEPS = 5;

export interface OnboardingRow {
  completed: boolean;
  currentStep: number;
  totalSteps: number;
  completedSteps: number[];
  /** The flow's slug once progress was recorded (older rows may hold the role's name). */
  roleName: string;
}

/** What a user without an onboarding row sees: nothing done yet. */
export const defaultOnboarding: OnboardingRow = {
  completed: false,
  currentStep: 1,
  totalSteps: ONBOARDING_TOTAL_STEPS,
  completedSteps: [],
  roleName: 'default',
};

/** True once a step was recorded or the flow completed: from then on the flow stays put. */
const hasProgress = (row: OnboardingRow) => row.completed || row.completedSteps.length > 0;

/**
 * The flow `row` follows. Before any progress it is the flow of `primaryRole` (the user's
 * highest-priority role in their working club; none → 'default'); once a step is recorded
 * it is the flow stored in the row, so becoming the owner of a club half-way (or being
 * given another role) never changes the steps under the user's feet.
 */
export function onboardingFlowOf(
  row: OnboardingRow,
  primaryRole: string | null | undefined,
): OnboardingFlowSlug {
  const stored = hasProgress(row) ? onboardingFlowSlugOf(row.roleName) : undefined;
  return stored ?? (primaryRole ? onboardingFlowSlugOf(primaryRole) : undefined) ?? 'default';
}

/** The completed steps of `row` that exist in a flow of `total` steps, once each, in order. */
export function doneSteps(completedSteps: readonly number[], total: number): number[] {
  return [...new Set(completedSteps)]
    .filter((step) => step >= 1 && step <= total)
    .sort((a, b) => a - b);
}

/** The first step of a `total`-step flow not in `done` (the last step when all are done). */
export function nextMissingStep(done: readonly number[], total: number): number {
  let step = 1;
  while (done.includes(step) && step < total) step++;
  return step;
}

/**
 * The API view of an onboarding row for the flow it follows (see `onboardingFlowOf`):
 * `total_steps` is the flow's length, `role_name` the role the flow is for, the next
 * missing step and the percentage done.
 */
export function onboardingStatus(
  row: OnboardingRow,
  primaryRole: string | null | undefined,
): OnboardingStatus & { flow: OnboardingFlowSlug } {
  const flow = onboardingFlowOf(row, primaryRole);
  const total = onboardingFlows[flow].length;
  const done = doneSteps(row.completedSteps, total);
  const progress = row.completed ? 100 : total > 0 ? Math.round((done.length / total) * 100) : 0;
  return {
    completed: row.completed,
    current_step: Math.min(Math.max(row.currentStep, 1), total),
    total_steps: total,
    completed_steps: done,
    role_name: onboardingFlowRoleName(flow),
    next_step: row.completed ? null : nextMissingStep(done, total),
    progress_percentage: progress,
    flow,
  };
}
