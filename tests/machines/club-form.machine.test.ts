import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { Club } from '../../contract/clubs.schema';
import { toRequestFailure } from '../../src/lib/request-failure';
import {
  clubFormMachine,
  type ClubFormEvent,
  type ClubFormValues,
} from '../../src/machines/club-form.machine';
import {
  selectCanSave,
  selectIsSaving,
  selectSaveFailure,
} from '../../src/machines/club-form.selectors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const values: ClubFormValues = { name: 'Club Nuevo', season_start_month: 1, season_end_month: 12 };
const saved = { id: 9, name: 'Club Nuevo' } as Club;
const refusal = {
  status: 400,
  message: 'Revisa los datos del club',
  fieldErrors: { name: 'El nombre del club es obligatorio' },
};

type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.save`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = ClubFormEvent | ActorEvent;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [{ type: 'club.save', values }];
  if (snapshot.children.save) {
    events.push({ type: 'xstate.done.actor.save', output: saved });
    events.push({ type: 'xstate.error.actor.save', error: refusal });
  }
  return events;
}

interface Effects {
  sent: ClubFormValues[];
  notified: Club[];
}

/** What each state means on the screen, given the last step taken. */
function checkState(snapshot: AnyMachineSnapshot, effects: Effects, last: ModelEvent['type']) {
  const s = snapshot as never;
  const state = snapshot.value as string;
  expect(selectIsSaving(s)).toBe(state === 'saving');
  // One save at a time; the form may be saved again after any answer.
  expect(selectCanSave(s)).toBe(state === 'editing');
  if (state === 'saving') {
    expect(effects.sent.at(-1)).toEqual(values);
    // An old refusal disappears while the new save runs.
    expect(selectSaveFailure(s)).toBeNull();
  }
  if (last === 'xstate.done.actor.save') {
    // The screen is told once (toast, select, navigate) and shows no refusal.
    expect(effects.notified.at(-1)).toEqual(saved);
    expect(selectSaveFailure(s)).toBeNull();
  }
  if (last === 'xstate.error.actor.save') {
    expect(selectSaveFailure(s)).toEqual(toRequestFailure(refusal));
  }
  const answers = effects.notified.length;
  expect(answers).toBeLessThanOrEqual(effects.sent.length);
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = { sent: [], notified: [] };
  let call: Deferred<Club> | null = null;
  const logic = clubFormMachine.provide({
    actors: {
      save: fromPromise<Club, ClubFormValues>(({ input }) => {
        effects.sent.push(input);
        call = deferred<Club>();
        return call.promise;
      }),
    },
    actions: { notifySaved: (_, { club }) => void effects.notified.push(club) },
  });
  const actor = createActor(logic, { inspect: coverage.inspect });
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.save') call!.resolve(event.output as Club);
    else if (event.type === 'xstate.error.actor.save') call!.reject(event.error);
    else actor.send(event as ClubFormEvent);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    if (event.type !== 'xstate.init') checkState(snapshot, effects, event.type);
  }
  actor.stop();
}

const coverage = new Coverage(clubFormMachine);
let walked = 0;

describe('club-form machine, every path of the model', () => {
  for (const path of planPaths(clubFormMachine, { events: eventsIn })) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

describe('club-form machine', () => {
  it('saves an edited club twice, telling the screen each time', async () => {
    const notified: Club[] = [];
    const actor = createActor(
      clubFormMachine.provide({
        actors: { save: fromPromise<Club, ClubFormValues>(() => Promise.resolve(saved)) },
        actions: { notifySaved: (_, { club }) => void notified.push(club) },
      }),
    ).start();
    actor.send({ type: 'club.save', values });
    await settle();
    actor.send({ type: 'club.save', values });
    await settle();
    expect(notified).toEqual([saved, saved]);
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('club-form machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
