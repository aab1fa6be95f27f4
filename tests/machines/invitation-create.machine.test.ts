import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { invitationMessages, type InvitationCreateInput } from '../../contract/invitations.schema';
import {
  invitationCreateMachine,
  type InvitationCreateEvent,
  type SentInvitation,
} from '../../src/machines/invitation-create.machine';
import {
  selectFailure,
  selectIsOpen,
  selectIsSending,
  selectSent,
} from '../../src/machines/invitation-create.selectors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const values: InvitationCreateInput = { email: 'nueva@demo.club', role_id: 4 };
const sent: SentInvitation = {
  id: 9,
  email: values.email,
  role: { id: 4, name: 'Contador' },
  type: 'accountant',
  status: 'pending',
  invited_by: 'Pedro Propietario',
  created_at: '2026-11-22T00:00:00.000Z',
  expires_at: '2026-11-29T00:00:00.000Z',
  invitation_url: `http://localhost/invitation/${'a'.repeat(64)}`,
};
const refusal = {
  status: 409,
  message: invitationMessages.alreadyMember,
  fieldErrors: { email: invitationMessages.alreadyMember },
};

type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.send`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = InvitationCreateEvent | ActorEvent;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'invite.open' },
    { type: 'invite.close' },
    { type: 'invite.submit', values },
  ];
  if (snapshot.children.send) {
    events.push({ type: 'xstate.done.actor.send', output: sent });
    events.push({ type: 'xstate.error.actor.send', error: refusal });
  }
  return events;
}

interface Effects {
  posted: InvitationCreateInput[];
  toasts: string[];
}

/** What each state means in the dialog. */
function checkState(snapshot: AnyMachineSnapshot, effects: Effects, last: ModelEvent['type']) {
  const s = snapshot as never;
  const state = snapshot.value as string;
  expect(selectIsOpen(s)).toBe(state !== 'closed');
  expect(selectIsSending(s)).toBe(state === 'sending');
  // The link shows only once the server created the invitation, and told once.
  expect(selectSent(s)).toEqual(state === 'sent' ? sent : null);
  if (state === 'sent') expect(effects.toasts.at(-1)).toBe(values.email);
  if (state === 'sending') {
    expect(effects.posted.at(-1)).toEqual(values);
    expect(selectFailure(s)).toBeNull();
  }
  if (state === 'closed') expect(selectFailure(s)).toBeNull();
  if (last === 'xstate.error.actor.send') {
    expect(selectFailure(s)?.fieldErrors.email).toBe(invitationMessages.alreadyMember);
  }
  expect(effects.toasts.length).toBeLessThanOrEqual(effects.posted.length);
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = { posted: [], toasts: [] };
  let call: Deferred<SentInvitation> | null = null;
  const logic = invitationCreateMachine.provide({
    actors: {
      send: fromPromise<SentInvitation, InvitationCreateInput>(({ input }) => {
        effects.posted.push(input);
        call = deferred<SentInvitation>();
        return call.promise;
      }),
    },
    actions: { notifySent: (_, { email }) => void effects.toasts.push(email) },
  });
  const actor = createActor(logic, { inspect: coverage.inspect });
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.send') call!.resolve(event.output as SentInvitation);
    else if (event.type === 'xstate.error.actor.send') call!.reject(event.error);
    else actor.send(event as InvitationCreateEvent);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    checkState(snapshot, effects, event.type as ModelEvent['type']);
  }
  actor.stop();
}

const coverage = new Coverage(invitationCreateMachine);
let walked = 0;

describe('invitation-create machine, every path of the model', () => {
  for (const path of planPaths(invitationCreateMachine, { events: eventsIn })) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report(
    'invitation-create machine',
  );
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
