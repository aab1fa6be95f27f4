import type { OnboardingStatus } from '../../../contract/user.schema';

/** Steps of the onboarding wizard unless a role's flow says otherwise (SPEC.md §9). */
export const ONBOARDING_TOTAL_STEPS = 5;

export interface OnboardingRow {
  completed: boolean;
  currentStep: number;
  totalSteps: number;
  completedSteps: number[];
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

/** The API view of an onboarding row: the next missing step and the percentage done. */
export function onboardingStatus(row: OnboardingRow): OnboardingStatus {
  const done = [...new Set(row.completedSteps)]
    .filter((step) => step >= 1 && step <= row.totalSteps)
    .sort((a, b) => a - b);
  let nextStep: number | null = null;
  if (!row.completed) {
    nextStep = 1;
    while (done.includes(nextStep) && nextStep < row.totalSteps) nextStep++;
  }
  const progress = row.completed
    ? 100
    : row.totalSteps > 0
      ? Math.round((done.length / row.totalSteps) * 100)
      : 0;
  return {
    completed: row.completed,
    current_step: row.currentStep,
    total_steps: row.totalSteps,
    completed_steps: done,
    role_name: row.roleName,
    next_step: nextStep,
    progress_percentage: progress,
  };
}
