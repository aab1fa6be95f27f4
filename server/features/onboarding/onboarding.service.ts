import { eq } from 'drizzle-orm';
import {
  type OnboardingFlow,
  type OnboardingFlowSlug,
  type OnboardingStatusData,
  onboardingFlowRoleName,
  onboardingFlowSlugOf,
  onboardingFlows,
  onboardingMessages,
} from '../../../contract/onboarding.schema';
import type { Db } from '../../db/client';
import { userOnboarding } from '../../db/schema/onboarding';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  defaultOnboarding,
  doneSteps,
  nextMissingStep,
  onboardingFlowOf,
  onboardingStatus,
} from './onboarding.flows';
import { profileOf } from '../profile/profile.service';
import { type WorkingContext, workingContext } from '../users/users.service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The flow of a slug or a role name (any case); 404 when there is none. */
export function flowByRole(role: string): OnboardingFlow {
  const slug = onboardingFlowSlugOf(role);
  if (!slug) throw new AppError(404, onboardingMessages.unknownFlow);
  return flowView(slug);
}

export function flowView(slug: OnboardingFlowSlug): OnboardingFlow {
  const steps = onboardingFlows[slug];
  return {
    slug,
    role_name: onboardingFlowRoleName(slug),
    total_steps: steps.length,
    steps: steps.map((step) => ({ ...step, required_fields: [...step.required_fields] })),
  };
}

/** The onboarding row of `userId`, created when missing, locked until the transaction ends. */
async function lockedRow(tx: Tx, userId: number) {
  await tx.insert(userOnboarding).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(userOnboarding)
    .where(eq(userOnboarding.userId, userId))
    .for('update');
  if (!row) throw new Error('user_onboarding row missing after insert');
  return row;
}

/** The status answer: the flow-aware status plus what the wizard pre-fills its forms with. */
function statusView(context: WorkingContext): OnboardingStatusData {
  const { user, onboarding, roleNames, currentClubId } = context;
  const status = onboardingStatus(onboarding ?? defaultOnboarding, roleNames[0]);
  return {
    ...status,
    user_data: { ...profileOf(user), current_club_id: currentClubId },
  };
}

/**
 * The onboarding wizard's progress (issue #5). The flow is the one of the user's first
 * role in their working club until a step is recorded; then it is stored in the row
 * (`role_name` holds its slug) and stays.
 */
export function createOnboardingService({ db, clock }: { db: Db; clock: Clock }) {
  /** Runs `change` on the locked row for the flow the user follows, then answers the status. */
  async function update(
    userId: number,
    clubId: number | undefined,
    change: (
      row: typeof userOnboarding.$inferSelect,
      flow: OnboardingFlowSlug,
    ) => Partial<typeof userOnboarding.$inferInsert>,
  ): Promise<OnboardingStatusData> {
    const before = await workingContext(db, userId, clubId);
    await db.transaction(async (tx) => {
      const row = await lockedRow(tx, userId);
      const flow = onboardingFlowOf(row, before.roleNames[0]);
      const values = change(row, flow);
      await tx
        .update(userOnboarding)
        .set({
          roleName: flow,
          totalSteps: onboardingFlows[flow].length,
          ...values,
          updatedAt: clock.now(),
        })
        .where(eq(userOnboarding.userId, userId));
    });
    return statusView(await workingContext(db, userId, clubId));
  }

  return {
    /** `GET /api/onboarding/status`. */
    async status(userId: number, clubId?: number): Promise<OnboardingStatusData> {
      return statusView(await workingContext(db, userId, clubId));
    },

    /** `POST /api/onboarding/step/{step}`: records a step once; the current step becomes the next missing one. */
    recordStep(userId: number, clubId: number | undefined, step: number) {
      return update(userId, clubId, (row, flow) => {
        const total = onboardingFlows[flow].length;
        if (step > total) {
          const message = onboardingMessages.stepOutOfRange(total);
          throw new AppError(400, message, { errors: [{ path: 'step', message }] });
        }
        const done = doneSteps([...row.completedSteps, step], total);
        return { completedSteps: done, currentStep: nextMissingStep(done, total) };
      });
    },

    /** `PUT /api/onboarding/complete`: 422 while a required step of the flow is missing. */
    complete(userId: number, clubId?: number) {
      return update(userId, clubId, (row, flow) => {
        const steps = onboardingFlows[flow];
        const done = doneSteps(row.completedSteps, steps.length);
        const missing = steps.filter((step, index) => !step.optional && !done.includes(index + 1));
        if (missing.length > 0) {
          throw new AppError(
            422,
            onboardingMessages.requiredStepsMissing(missing.map((step) => step.title)),
          );
        }
        return {
          completed: true,
          completedSteps: done,
          currentStep: steps.length,
          completedAt: row.completedAt ?? clock.now(),
        };
      });
    },

    /** `GET /api/onboarding/flow/{role}`. */
    flow: flowByRole,
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
