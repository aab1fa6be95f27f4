import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { memberMessages, type Member } from '../../contract/members.schema';
import {
  memberRolesMachine,
  type MemberRolesEvent,
  type MemberToEdit,
  type SaveRolesInput,
} from '../../src/machines/member-roles.machine';
import {
  selectFailure,
  selectIsSaving,
  selectMemberToEdit,
} from '../../src/machines/member-roles.selectors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const member: MemberToEdit = {
  user_id: 5,
  name: 'Ana',
  lastname: 'Gómez',
  roles: [{ id: 3, name: 'Entrenador' }],
};
const saved: Member = {
  ...member,
  email: 'ana@demo.club',
  roles: [{ id: 4, name: 'Contador' }],
  joined_at: '2026-01-01T00:00:00.000Z',
};
const refusal = { status: 422, message: memberMessages.lastOwner, fieldErrors: {} };

type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.save`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = MemberRolesEvent | ActorEvent;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'roles.edit', member },
    { type: 'roles.cancel' },
    { type: 'roles.save', roleIds: [] },
    { type: 'roles.save', roleIds: [4] },
  ];
  if (snapshot.children.save) {
    events.push({ type: 'xstate.done.actor.save', output: saved });
    events.push({ type: 'xstate.error.actor.save', error: refusal });
  }
  return events;
}

interface Effects {
  sent: SaveRolesInput[];
  saved: Member[];
}

/** What each state means in the dialog, given the last event. */
function checkState(snapshot: AnyMachineSnapshot, effects: Effects, last: ModelEvent['type']) {
  const s = snapshot as never;
  const state = snapshot.value as string;
  expect(selectIsSaving(s)).toBe(state === 'saving');
  // The dialog is open on the member while editing and saving.
  expect(selectMemberToEdit(s)).toEqual(state === 'closed' ? null : member);
  if (state === 'closed') expect(selectFailure(s)).toBeNull();
  // Never an empty list of roles to the server.
  if (state === 'saving') expect(effects.sent.at(-1)).toEqual({ userId: 5, roleIds: [4] });
  expect(effects.sent.every(({ roleIds }) => roleIds.length > 0)).toBe(true);
  if (last === 'xstate.done.actor.save') expect(effects.saved.at(-1)).toEqual(saved);
  if (last === 'xstate.error.actor.save') {
    expect(state).toBe('editing');
    expect(selectFailure(s)?.message).toBe(memberMessages.lastOwner);
  }
  expect(effects.saved.length).toBeLessThanOrEqual(effects.sent.length);
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = { sent: [], saved: [] };
  let call: Deferred<Member> | null = null;
  const logic = memberRolesMachine.provide({
    actors: {
      save: fromPromise<Member, SaveRolesInput>(({ input }) => {
        effects.sent.push(input);
        call = deferred<Member>();
        return call.promise;
      }),
    },
    actions: { notifySaved: (_, { member: done }) => void effects.saved.push(done) },
  });
  const actor = createActor(logic, { inspect: coverage.inspect });
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.save') call!.resolve(event.output as Member);
    else if (event.type === 'xstate.error.actor.save') call!.reject(event.error);
    else actor.send(event as MemberRolesEvent);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    checkState(snapshot, effects, event.type as ModelEvent['type']);
  }
  actor.stop();
}

const coverage = new Coverage(memberRolesMachine);
let walked = 0;

describe('member-roles machine, every path of the model', () => {
  for (const path of planPaths(memberRolesMachine, { events: eventsIn })) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('member-roles machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
