import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { clubMessages, type Club } from '../../contract/clubs.schema';
import {
  clubArchiveMachine,
  type ClubArchiveEvent,
  type ClubToArchive,
} from '../../src/machines/club-archive.machine';
import { selectClubToArchive, selectIsArchiving } from '../../src/machines/club-archive.selectors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const club: ClubToArchive = { id: 1, name: 'Club Deportivo Demo' };
const archived = { ...club, status: 'archived' } as Club;
const refusal = { status: 409, message: clubMessages.hasPlayers(3), fieldErrors: {} };

type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.archive`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = ClubArchiveEvent | ActorEvent;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'archive.ask', club },
    { type: 'archive.cancel' },
    { type: 'archive.confirm' },
  ];
  if (snapshot.children.archive) {
    events.push({ type: 'xstate.done.actor.archive', output: archived });
    events.push({ type: 'xstate.error.actor.archive', error: refusal });
  }
  return events;
}

interface Effects {
  sent: ClubToArchive[];
  archived: Club[];
  refused: string[];
}

/** What each state means on the screen, given the last event. */
function checkState(snapshot: AnyMachineSnapshot, effects: Effects, last: ModelEvent['type']) {
  const s = snapshot as never;
  const state = snapshot.value as string;
  expect(selectIsArchiving(s)).toBe(state === 'archiving');
  // The dialog is open, naming the club, while asking and while archiving.
  expect(selectClubToArchive(s)).toEqual(state === 'idle' ? null : club);
  // The server is called only after the confirmation, once per confirmation.
  if (state === 'archiving') expect(effects.sent.at(-1)).toEqual(club);
  if (last === 'archive.cancel') expect(effects.sent).toEqual([]);
  if (last === 'xstate.done.actor.archive') expect(effects.archived.at(-1)).toEqual(archived);
  if (last === 'xstate.error.actor.archive') expect(effects.refused.at(-1)).toBe(refusal.message);
  expect(effects.archived.length + effects.refused.length).toBeLessThanOrEqual(effects.sent.length);
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = { sent: [], archived: [], refused: [] };
  let call: Deferred<Club> | null = null;
  const logic = clubArchiveMachine.provide({
    actors: {
      archive: fromPromise<Club, ClubToArchive>(({ input }) => {
        effects.sent.push(input);
        call = deferred<Club>();
        return call.promise;
      }),
    },
    actions: {
      notifyArchived: (_, { club: done }) => void effects.archived.push(done),
      notifyRefused: (_, { message }) => void effects.refused.push(message),
    },
  });
  const actor = createActor(logic, { inspect: coverage.inspect });
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.archive') call!.resolve(event.output as Club);
    else if (event.type === 'xstate.error.actor.archive') call!.reject(event.error);
    else actor.send(event as ClubArchiveEvent);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    checkState(snapshot, effects, event.type as ModelEvent['type']);
  }
  actor.stop();
}

const coverage = new Coverage(clubArchiveMachine);
let walked = 0;

describe('club-archive machine, every path of the model', () => {
  for (const path of planPaths(clubArchiveMachine, { events: eventsIn })) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('club-archive machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
