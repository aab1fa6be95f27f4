import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  onboardingFlows,
  onboardingStatusFallback,
  type OnboardingStatusData,
} from '../../contract/onboarding.schema';
import { toRequestFailure } from '../../src/lib/request-failure';
import {
  onboardingMachine,
  stepsOfFlow,
  type OnboardingEvent,
  type SaveStepInput,
  type SaveStepOutput,
  type StepValues,
} from '../../src/machines/onboarding.machine';
import {
  selectActiveIndex,
  selectCanFinish,
  selectCanGoBack,
  selectCanRetry,
  selectCanSave,
  selectCanSkip,
  selectCurrentStep,
  selectFailure,
  selectIsBusy,
  selectIsLoading,
  selectProgress,
  selectUsedFallback,
  selectView,
} from '../../src/machines/onboarding.selectors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const userData: OnboardingStatusData['user_data'] = {
  name: 'Lucía',
  lastname: 'Gómez',
  email: 'lucia@ejemplo.co',
  phone: null,
  birth_date: null,
  gender: null,
  document_type: null,
  document_number: null,
  photo_url: null,
  current_club_id: null,
};

/** A status of the trainer's flow (profile, document, optional photo: short, and with a skip). */
const statusOf = (overrides: Partial<OnboardingStatusData> = {}): OnboardingStatusData => ({
  completed: false,
  current_step: 1,
  total_steps: 3,
  completed_steps: [],
  role_name: 'Entrenador',
  next_step: 1,
  progress_percentage: 0,
  flow: 'entrenador',
  user_data: userData,
  ...overrides,
});
const atStart = statusOf();
const allDone = statusOf({ next_step: null, completed_steps: [1, 2, 3], progress_percentage: 90 });
const completed = statusOf({ completed: true, next_step: null, progress_percentage: 100 });
const recorded = statusOf({ completed_steps: [1], next_step: 2, progress_percentage: 33 });

const valuesOf: Record<string, StepValues> = {
  profile: { name: 'Lucía' },
  document: { document_type: 'CC', document_number: '1234567' },
  photo: { photo: 'foto.webp' },
  club: { name: 'Club Nuevo' },
  season: { season_start_month: 2, season_end_month: 11 },
  invite: { email: 'profe@ejemplo.co' },
};
const refusal = {
  status: 422,
  message: 'Revisa los datos',
  fieldErrors: { name: 'El nombre es obligatorio' },
};

type ActorId = 'loadStatus' | 'saveStep' | 'recordStep' | 'complete';
type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.${ActorId}`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = OnboardingEvent | ActorEvent;

const currentKey = (snapshot: AnyMachineSnapshot) =>
  stepsOfFlow(snapshot.context.status.flow)[snapshot.context.stepIndex]?.key ?? 'profile';

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'wizard.save', values: valuesOf[currentKey(snapshot)]! },
    { type: 'wizard.skip' },
    { type: 'wizard.back' },
    { type: 'wizard.retry' },
    { type: 'wizard.edit' },
    { type: 'wizard.finish' },
  ];
  const { children } = snapshot;
  if (children.loadStatus) {
    for (const output of [atStart, allDone, completed]) {
      events.push({ type: 'xstate.done.actor.loadStatus', output });
    }
    events.push({ type: 'xstate.error.actor.loadStatus', error: refusal });
  }
  if (children.saveStep) {
    events.push({ type: 'xstate.done.actor.saveStep', output: { clubId: 7 } });
    events.push({ type: 'xstate.error.actor.saveStep', error: refusal });
  }
  if (children.recordStep) {
    events.push({ type: 'xstate.done.actor.recordStep', output: recorded });
    events.push({ type: 'xstate.error.actor.recordStep', error: refusal });
  }
  if (children.complete) {
    events.push({ type: 'xstate.done.actor.complete', output: completed });
    events.push({ type: 'xstate.error.actor.complete', error: refusal });
  }
  return events;
}

interface Effects {
  saved: SaveStepInput[];
  recorded: number[];
  completions: number;
  refreshed: number;
}

/** What each state means on the screen and for the server. */
function checkState(snapshot: AnyMachineSnapshot, effects: Effects) {
  const s = snapshot as never;
  const steps = stepsOfFlow(snapshot.context.status.flow);
  const index = snapshot.context.stepIndex as number;
  const step = steps[index]!;
  const failed =
    snapshot.matches({ step: 'saveFailed' }) ||
    snapshot.matches({ step: 'recordFailed' }) ||
    snapshot.matches('completeFailed');
  const busy =
    snapshot.matches({ step: 'saving' }) ||
    snapshot.matches({ step: 'recording' }) ||
    snapshot.matches('completing');
  expect(selectIsBusy(s)).toBe(busy);
  expect(selectIsLoading(s)).toBe(snapshot.matches('loadingStatus'));
  expect(selectProgress(s)).toBe(snapshot.context.status.progress_percentage);
  // A refusal is on screen exactly while a failed state waits, and can be retried there.
  expect(selectFailure(s)).toEqual(failed ? toRequestFailure(refusal) : null);
  expect(selectCanRetry(s)).toBe(failed);

  if (snapshot.matches('loadingStatus')) expect(selectView(s)).toBe('loading');
  if (snapshot.matches('step')) {
    expect(selectView(s)).toBe('step');
    expect(selectCurrentStep(s)).toEqual(step);
    expect(selectActiveIndex(s)).toBe(index);
  }
  if (snapshot.matches({ step: 'editing' })) {
    expect(selectCanSave(s)).toBe(true);
    // 'Omitir' only on optional steps; 'Atrás' from the second step on.
    expect(selectCanSkip(s)).toBe(step.optional);
    expect(selectCanGoBack(s)).toBe(index > 0);
  }
  if (snapshot.matches({ step: 'saving' })) {
    expect(effects.saved.at(-1)).toEqual({
      key: step.key,
      values: valuesOf[step.key],
      clubId: snapshot.context.clubId,
      // No club is the user's until the club step saved one (no ownership is given as input).
      ownsClub: snapshot.context.saved.club !== undefined,
    });
  }
  if (snapshot.matches({ step: 'recording' })) {
    // The step is recorded (1-based) only after its data was saved.
    expect(effects.recorded.at(-1)).toBe(index + 1);
    expect(snapshot.context.saved[step.key]).toEqual(valuesOf[step.key]);
  }
  if (snapshot.matches('ready') || snapshot.matches('completing')) {
    expect(selectView(s)).toBe('ready');
    expect(selectActiveIndex(s)).toBe(steps.length);
    expect(selectCanFinish(s)).toBe(snapshot.matches('ready'));
  }
  if (snapshot.matches('completing')) expect(effects.completions).toBeGreaterThan(0);
  // The session is reloaded once, when (and only when) the flow is completed.
  expect(effects.refreshed).toBe(snapshot.matches('done') ? 1 : 0);
  if (snapshot.matches('done')) expect(selectView(s)).toBe('done');
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = { saved: [], recorded: [], completions: 0, refreshed: 0 };
  const calls: Partial<Record<ActorId, Deferred<unknown>>> = {};
  const pending = <T>(id: ActorId) => {
    const call = deferred<unknown>();
    calls[id] = call;
    return call.promise as Promise<T>;
  };
  const logic = onboardingMachine.provide({
    actors: {
      loadStatus: fromPromise<OnboardingStatusData, void>(() => pending('loadStatus')),
      saveStep: fromPromise<SaveStepOutput, SaveStepInput>(({ input }) => {
        effects.saved.push(input);
        return pending('saveStep');
      }),
      recordStep: fromPromise<OnboardingStatusData, number>(({ input }) => {
        effects.recorded.push(input);
        return pending('recordStep');
      }),
      complete: fromPromise<OnboardingStatusData, void>(() => {
        effects.completions++;
        return pending('complete');
      }),
    },
    actions: { refreshSession: () => void effects.refreshed++ },
  });
  const actor = createActor(logic, { input: {}, inspect: coverage.inspect });
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    const actorEvent = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (event.type === 'xstate.init') actor.start();
    else if (actorEvent) {
      const call = calls[actorEvent[2] as ActorId]!;
      if (actorEvent[1] === 'done') call.resolve((event as ActorEvent).output);
      else call.reject((event as ActorEvent).error);
    } else actor.send(event as OnboardingEvent);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    checkState(snapshot, effects);
  }
  actor.stop();
}

const coverage = new Coverage(onboardingMachine);
let walked = 0;

describe('onboarding machine, every path of the model', () => {
  for (const path of planPaths(onboardingMachine, { events: eventsIn })) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

/** An actor on the owner's flow whose calls answer at once. */
function ownerWizard(status: OnboardingStatusData | Error, ownedClubId: number | null = null) {
  const saved: SaveStepInput[] = [];
  const recorded: number[] = [];
  let refreshed = 0;
  const actor = createActor(
    onboardingMachine.provide({
      actors: {
        loadStatus: fromPromise<OnboardingStatusData, void>(() =>
          status instanceof Error ? Promise.reject(status) : Promise.resolve(status),
        ),
        saveStep: fromPromise<SaveStepOutput, SaveStepInput>(({ input }) => {
          saved.push(input);
          return Promise.resolve({ clubId: input.key === 'club' ? 12 : null });
        }),
        recordStep: fromPromise<OnboardingStatusData, number>(({ input }) => {
          recorded.push(input);
          return Promise.resolve(
            statusOf({ flow: 'default', progress_percentage: input * 20, next_step: input + 1 }),
          );
        }),
        complete: fromPromise<OnboardingStatusData, void>(() => Promise.resolve(completed)),
      },
      actions: { refreshSession: () => void refreshed++ },
    }),
    { input: { ownedClubId } },
  ).start();
  return { actor, saved, recorded, refreshed: () => refreshed };
}

describe('onboarding machine', () => {
  it('walks the owner flow, hands the new club to the season step and completes', async () => {
    const wizard = ownerWizard(statusOf({ flow: 'default', total_steps: 5 }));
    await settle();
    for (const key of ['profile', 'document', 'club', 'season']) {
      wizard.actor.send({ type: 'wizard.save', values: valuesOf[key]! });
      await settle();
    }
    expect(wizard.saved.map(({ key }) => key)).toEqual(['profile', 'document', 'club', 'season']);
    expect(wizard.saved[3]!.clubId).toBe(12);
    expect(wizard.recorded).toEqual([1, 2, 3, 4]);
    expect(selectProgress(wizard.actor.getSnapshot())).toBe(80);
    expect(selectCurrentStep(wizard.actor.getSnapshot())?.key).toBe('invite');
    wizard.actor.send({ type: 'wizard.skip' });
    expect(wizard.actor.getSnapshot().value).toBe('ready');
    wizard.actor.send({ type: 'wizard.finish' });
    await settle();
    expect(wizard.actor.getSnapshot().value).toBe('done');
    expect(wizard.refreshed()).toBe(1);
  });

  it('resumes at the server’s next step with the club it already has', async () => {
    const wizard = ownerWizard(
      statusOf({
        flow: 'propietario-del-club',
        next_step: 4,
        completed_steps: [1, 2, 3],
        user_data: { ...userData, current_club_id: 31 },
      }),
    );
    await settle();
    const snapshot = wizard.actor.getSnapshot();
    expect(selectCurrentStep(snapshot)).toEqual(onboardingFlows['propietario-del-club'][3]);
    expect(snapshot.context.clubId).toBe(31);
  });

  it('updates the club the user owns and creates one otherwise, deciding from its own data', async () => {
    const atClubStep = statusOf({
      flow: 'default',
      next_step: 3,
      completed_steps: [1, 2],
      user_data: { ...userData, current_club_id: 31 },
    });
    // Their current club, but not as its owner (a trainer opening their own club): create.
    const trainer = ownerWizard(atClubStep, null);
    await settle();
    trainer.actor.send({ type: 'wizard.save', values: valuesOf.club! });
    await settle();
    expect(trainer.saved[0]).toMatchObject({ key: 'club', clubId: 31, ownsClub: false });
    // Back at the club step, the club just created (12) is theirs: update it.
    trainer.actor.send({ type: 'wizard.back' });
    trainer.actor.send({ type: 'wizard.save', values: valuesOf.club! });
    await settle();
    expect(trainer.saved[1]).toMatchObject({ key: 'club', clubId: 12, ownsClub: true });

    // The owner of their current club updates it.
    const owner = ownerWizard(atClubStep, 31);
    await settle();
    owner.actor.send({ type: 'wizard.save', values: valuesOf.club! });
    await settle();
    expect(owner.saved[0]).toMatchObject({ key: 'club', clubId: 31, ownsClub: true });
  });

  it('falls back to the default flow at step 1 when the status cannot be read', async () => {
    const wizard = ownerWizard(new Error('sin conexión'));
    await settle();
    const snapshot = wizard.actor.getSnapshot();
    expect(selectUsedFallback(snapshot)).toBe(true);
    expect(snapshot.context.status).toMatchObject(onboardingStatusFallback);
    expect(selectCurrentStep(snapshot)?.key).toBe('profile');
  });
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('onboarding machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
