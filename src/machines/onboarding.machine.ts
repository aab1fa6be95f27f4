import { assign, fromPromise, setup } from 'xstate';
import {
  onboardingFlows,
  onboardingStatusFallback,
  type OnboardingStatusData,
  type OnboardingStep,
  type OnboardingStepKey,
} from '../../contract/onboarding.schema';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

/* The wizard's types and the pure functions its `assign`s and inputs use. */

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

const stepsOf = (context: OnboardingContext) => stepsOfFlow(context.status.flow);

/** The step to resume at: the server's next step, within the flow. */
const resumeIndex = (status: WizardStatus) =>
  Math.min(Math.max((status.next_step ?? 1) - 1, 0), stepsOfFlow(status.flow).length - 1);

const fallbackStatus: WizardStatus = {
  ...onboardingStatusFallback,
  flow: 'default',
  user_data: null,
};

/** An actor the wizard's page must provide (onboarding.actors.ts); tests provide fakes. */
const notProvided = <T, I = void>(name: string) =>
  fromPromise<T, I>(() => Promise.reject(new Error(`${name} is not provided`)));

/** The step on screen. */
const currentStepKey = (context: OnboardingContext): OnboardingStepKey =>
  stepsOf(context)[context.stepIndex]!.key;

/** The save of the step on screen: the machine decides whether the wizard owns the club. */
const saveStepInput = (context: OnboardingContext): SaveStepInput => ({
  key: currentStepKey(context),
  values: context.pending ?? {},
  clubId: context.clubId,
  ownsClub: context.clubId !== null && context.clubId === context.ownedClubId,
});

/**
 * The onboarding wizard (issue #5): reads the status (falling back to SPEC §8's defaults),
 * resumes at the server's next step, saves each step's data then records the step, lets
 * optional steps be skipped, and completes the flow. After completing, `refreshSession`
 * reloads the user so the route guard sends them to their dashboard.
 */
export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput | undefined,
  },
  actors: {
    loadStatus: notProvided<OnboardingStatusData>('loadStatus'),
    saveStep: notProvided<SaveStepOutput, SaveStepInput>('saveStep'),
    recordStep: notProvided<OnboardingStatusData, number>('recordStep'),
    complete: notProvided<OnboardingStatusData>('complete'),
  },
  actions: {
    /** Reloads the signed-in user (the guard then redirects): provided by the screen. */
    refreshSession: () => {},
    assignStatus: assign((_, { status }: { status: WizardStatus }) => ({ status })),
    assignLoaded: assign((_, { status }: { status: WizardStatus }) => ({
      status,
      stepIndex: resumeIndex(status),
      clubId: status.user_data?.current_club_id ?? null,
    })),
    assignFallback: assign({ status: fallbackStatus, usedFallback: true, stepIndex: 0 }),
    assignPending: assign(({ event }) => ({
      pending: event.type === 'wizard.save' ? event.values : null,
    })),
    assignSaved: assign(({ context }, { output }: { output: SaveStepOutput }) => {
      const key = currentStepKey(context);
      return {
        saved: { ...context.saved, [key]: context.pending ?? {} },
        clubId: output.clubId ?? context.clubId,
        // The club step created or updated the user's own club.
        ownedClubId: key === 'club' ? output.clubId : context.ownedClubId,
        pending: null,
      };
    }),
    assignFailure: assign((_, { error }: { error: unknown }) => ({
      failure: toRequestFailure(error),
    })),
    clearFailure: assign({ failure: null }),
    nextStep: assign({ stepIndex: ({ context }) => context.stepIndex + 1 }),
    previousStep: assign({ stepIndex: ({ context }) => context.stepIndex - 1 }),
    lastStep: assign({ stepIndex: ({ context }) => stepsOf(context).length - 1 }),
  },
  guards: {
    isCompleted: ({ context }) => context.status.completed,
    hasNextStep: ({ context }) => context.status.next_step !== null,
    isOptional: ({ context }) => stepsOf(context)[context.stepIndex]?.optional ?? false,
    isLastStep: ({ context }) => context.stepIndex >= stepsOf(context).length - 1,
    hasPreviousStep: ({ context }) => context.stepIndex > 0,
  },
}).createMachine({
  id: 'onboarding',
  description: 'The onboarding wizard: one form per step of the role’s flow, then complete.',
  context: ({ input }) => ({
    status: fallbackStatus,
    usedFallback: false,
    stepIndex: 0,
    saved: {},
    pending: null,
    clubId: null,
    ownedClubId: input?.ownedClubId ?? null,
    failure: null,
  }),
  initial: 'loadingStatus',
  states: {
    loadingStatus: {
      tags: ['loading'],
      description:
        'GET /api/onboarding/status; a failure runs on the defaults (SPEC §8), with a warning.',
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: {
          target: 'resuming',
          actions: { type: 'assignLoaded', params: ({ event }) => ({ status: event.output }) },
        },
        onError: { target: 'resuming', actions: 'assignFallback' },
      },
    },
    resuming: {
      description: 'At the server’s next step, at the end when every step is done.',
      always: [
        { guard: 'isCompleted', target: 'done' },
        { guard: 'hasNextStep', target: 'step' },
        { target: 'ready', actions: 'lastStep' },
      ],
    },
    step: {
      initial: 'editing',
      states: {
        editing: {
          description: 'The step’s form; optional steps offer "Omitir".',
          on: {
            'wizard.save': { target: 'saving', actions: 'assignPending' },
            'wizard.skip': { guard: 'isOptional', target: '#onboarding.advancing' },
            'wizard.back': {
              guard: 'hasPreviousStep',
              target: 'editing',
              reenter: true,
              actions: 'previousStep',
            },
          },
        },
        saving: {
          tags: ['busy'],
          description:
            'Saves the step’s data (profile, document, photo, club, season, invitation).',
          entry: 'clearFailure',
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ context }) => saveStepInput(context),
            onDone: {
              target: 'recording',
              actions: { type: 'assignSaved', params: ({ event }) => ({ output: event.output }) },
            },
            onError: {
              target: 'saveFailed',
              actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        recording: {
          tags: ['busy'],
          description: 'POST /api/onboarding/step/{n}: the data is saved, the step is done.',
          entry: 'clearFailure',
          invoke: {
            id: 'recordStep',
            src: 'recordStep',
            input: ({ context }) => context.stepIndex + 1,
            onDone: {
              target: '#onboarding.advancing',
              actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) },
            },
            onError: {
              target: 'recordFailed',
              actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saveFailed: {
          description: 'The server refused the data: its message on the form; retry or edit.',
          on: {
            'wizard.retry': 'saving',
            'wizard.save': { target: 'saving', actions: 'assignPending' },
            'wizard.edit': { target: 'editing', actions: 'clearFailure' },
            'wizard.back': {
              guard: 'hasPreviousStep',
              target: 'editing',
              actions: ['clearFailure', 'previousStep'],
            },
          },
        },
        recordFailed: {
          description: 'The data is saved but the step was not recorded: retry the record only.',
          on: { 'wizard.retry': 'recording' },
        },
      },
    },
    advancing: {
      description: 'A step was saved or skipped: the next one, or the end after the last.',
      always: [
        { guard: 'isLastStep', target: 'ready' },
        { target: 'step.editing', actions: 'nextStep' },
      ],
    },
    ready: {
      description: 'Every step done or skipped: "Finalizar".',
      on: {
        'wizard.finish': 'completing',
        'wizard.back': { target: '#onboarding.step.editing', actions: 'lastStep' },
      },
    },
    completing: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'complete',
        src: 'complete',
        onDone: {
          target: 'done',
          actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) },
        },
        onError: {
          target: 'completeFailed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    completeFailed: {
      description: 'Refused (a required step is missing, 422) or unreachable: retry or go back.',
      on: {
        'wizard.retry': 'completing',
        'wizard.back': {
          target: '#onboarding.step.editing',
          actions: ['clearFailure', 'lastStep'],
        },
      },
    },
    done: {
      type: 'final',
      description: 'Completed: the user is reloaded and the guard sends them to their dashboard.',
      entry: 'refreshSession',
    },
  },
});
