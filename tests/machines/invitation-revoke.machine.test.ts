import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  invitationRevokeMachine,
  type InvitationRevokeEvent,
  type InvitationToRevoke,
} from '../../src/machines/invitation-revoke.machine';
import {
  selectInvitationToRevoke,
  selectIsRevoking,
} from '../../src/machines/invitation-revoke.selectors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const invitation: InvitationToRevoke = { id: 9, email: 'nueva@demo.club' };
const refusal = { status: 404, message: 'Invitación no encontrada', fieldErrors: {} };

type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.revoke`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = InvitationRevokeEvent | ActorEvent;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'revoke.ask', invitation },
    { type: 'revoke.cancel' },
    { type: 'revoke.confirm' },
  ];
  if (snapshot.children.revoke) {
    events.push({ type: 'xstate.done.actor.revoke' });
    events.push({ type: 'xstate.error.actor.revoke', error: refusal });
  }
  return events;
}

interface Effects {
  sent: InvitationToRevoke[];
  revoked: string[];
  refused: string[];
}

/** What each state means on the screen, given the last event. */
function checkState(snapshot: AnyMachineSnapshot, effects: Effects, last: ModelEvent['type']) {
  const s = snapshot as never;
  const state = snapshot.value as string;
  expect(selectIsRevoking(s)).toBe(state === 'revoking');
  // The confirmation is open, naming the e-mail, while asking and while revoking.
  expect(selectInvitationToRevoke(s)).toEqual(state === 'idle' ? null : invitation);
  // The server is called only after the confirmation, once per confirmation.
  if (state === 'revoking') expect(effects.sent.at(-1)).toEqual(invitation);
  if (last === 'revoke.cancel') expect(effects.sent).toEqual([]);
  if (last === 'xstate.done.actor.revoke') expect(effects.revoked.at(-1)).toBe(invitation.email);
  if (last === 'xstate.error.actor.revoke') expect(effects.refused.at(-1)).toBe(refusal.message);
  expect(effects.revoked.length + effects.refused.length).toBeLessThanOrEqual(effects.sent.length);
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = { sent: [], revoked: [], refused: [] };
  let call: Deferred<void> | null = null;
  const logic = invitationRevokeMachine.provide({
    actors: {
      revoke: fromPromise<void, InvitationToRevoke>(({ input }) => {
        effects.sent.push(input);
        call = deferred<void>();
        return call.promise;
      }),
    },
    actions: {
      notifyRevoked: (_, { email }) => void effects.revoked.push(email),
      notifyRefused: (_, { message }) => void effects.refused.push(message),
    },
  });
  const actor = createActor(logic, { inspect: coverage.inspect });
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.revoke') call!.resolve();
    else if (event.type === 'xstate.error.actor.revoke') call!.reject(event.error);
    else actor.send(event as InvitationRevokeEvent);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    checkState(snapshot, effects, event.type as ModelEvent['type']);
  }
  actor.stop();
}

const coverage = new Coverage(invitationRevokeMachine);
let walked = 0;

describe('invitation-revoke machine, every path of the model', () => {
  for (const path of planPaths(invitationRevokeMachine, { events: eventsIn })) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report(
    'invitation-revoke machine',
  );
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
