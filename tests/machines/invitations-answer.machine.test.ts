import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { AuthResponse } from '../../contract/auth.schema';
import {
  invitationMessages,
  type InvitationAcceptNewAccount,
  type PublicInvitation,
} from '../../contract/invitations.schema';
import type { User } from '../../contract/users.schema';
import {
  invitationMachine,
  type AcceptInput,
  type InvitationEvent,
} from '../../src/machines/invitations-answer.machine';
import {
  selectCanReject,
  selectFailure,
  selectInvitation,
  selectIsBusy,
  selectView,
} from '../../src/machines/invitations-answer.selectors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const token = 'a'.repeat(64);
const invitee = 'nueva@demo.club';
const someoneElse = 'otro@demo.club';

const pendingNew: PublicInvitation = {
  email: invitee,
  club: { id: 1, name: 'Club Deportivo Demo' },
  role: { id: 4, name: 'Contador' },
  inviter_name: 'Pedro Propietario',
  status: 'pending',
  expires_at: '2026-11-29T00:00:00.000Z',
  account_exists: false,
  type: 'accountant',
  guardian: null,
};
const pendingExisting: PublicInvitation = { ...pendingNew, account_exists: true };
const expired: PublicInvitation = { ...pendingNew, status: 'expired' };
const policyVersion = '2026-11-01';
/** A guardian's invitation: accepting it needs the data-processing consent. */
const pendingGuardian: PublicInvitation = {
  ...pendingNew,
  role: { id: 6, name: 'Padre/Acudiente' },
  type: 'guardian',
  guardian: {
    players: [{ name: 'Juan', lastname: 'Gómez' }],
    authorize_on_accept: true,
    data_policy: { version: policyVersion, text: 'Autorizo a Club Deportivo Demo…' },
  },
};

const account: InvitationAcceptNewAccount = {
  name: 'Nueva',
  lastname: 'Persona',
  password: 'Secreta123',
  password_confirmation: 'Secreta123',
};
const session = { token: 'jwt-nuevo', user: { email: invitee } as User } as AuthResponse;

const refusal = (status: number, message: string) => ({ status, message, fieldErrors: {} });
const missing = refusal(404, invitationMessages.notFound);
const serverDown = refusal(500, 'Error interno del servidor');
const mustLogIn = refusal(403, invitationMessages.loginAsInvitee(invitee));
const closed = refusal(422, invitationMessages.revoked);
const badFields = {
  status: 400,
  message: 'Revisa los datos',
  fieldErrors: { password: 'La contraseña es muy corta' },
};

type Actor = 'load' | 'accept' | 'reject';
type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.${Actor}`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = InvitationEvent | ActorEvent;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'invitation.sessionChanged', email: null },
    { type: 'invitation.sessionChanged', email: invitee },
    { type: 'invitation.sessionChanged', email: someoneElse },
    { type: 'invitation.retry' },
    { type: 'invitation.login' },
    { type: 'invitation.logout' },
    { type: 'invitation.accept' },
    { type: 'invitation.accept', account },
    { type: 'invitation.accept', acceptDataPolicy: true },
    { type: 'invitation.accept', account, acceptDataPolicy: true },
    { type: 'invitation.reject' },
    { type: 'reject.cancel' },
    { type: 'reject.confirm' },
  ];
  if (snapshot.children.load) {
    for (const output of [pendingNew, pendingExisting, expired, pendingGuardian]) {
      events.push({ type: 'xstate.done.actor.load', output });
    }
    events.push({ type: 'xstate.error.actor.load', error: missing });
    events.push({ type: 'xstate.error.actor.load', error: serverDown });
  }
  if (snapshot.children.accept) {
    events.push({ type: 'xstate.done.actor.accept', output: session });
    for (const error of [mustLogIn, closed, badFields]) {
      events.push({ type: 'xstate.error.actor.accept', error });
    }
  }
  if (snapshot.children.reject) {
    events.push({ type: 'xstate.done.actor.reject' });
    events.push({ type: 'xstate.error.actor.reject', error: closed });
    events.push({ type: 'xstate.error.actor.reject', error: serverDown });
  }
  return events;
}

interface Effects {
  loads: string[];
  accepts: AcceptInput[];
  rejects: string[];
  logins: string[];
  logouts: string[];
  sessions: AuthResponse[];
  accepted: Array<{ club: string; home: string }>;
  rejected: number;
}

/** What each state means on the page, given the last event. */
function checkState(snapshot: AnyMachineSnapshot, effects: Effects, last: ModelEvent) {
  const s = snapshot as never;
  const { sessionEmail } = snapshot.context as { sessionEmail: string | null };
  const invitation = selectInvitation(s);
  const failure = selectFailure(s);
  const view = selectView(s);
  expect(selectIsBusy(s)).toBe(
    ['loading', 'accepting', 'rejecting'].some((v) => snapshot.matches(v)),
  );
  expect(selectCanReject(s)).toBe(snapshot.matches('pending'));

  if (snapshot.matches('loading')) expect(effects.loads.at(-1)).toBe(token);
  if (snapshot.matches('notFound')) expect(invitation).toBeNull();
  if (snapshot.matches('loadFailed')) expect(failure?.message).toBe(serverDown.message);
  if (snapshot.matches('unavailable')) expect(invitation?.status).toBe('expired');
  if (snapshot.matches('pending')) expect(invitation?.status).toBe('pending');
  if (view === 'ready' && !snapshot.matches('accepting')) expect(sessionEmail).toBe(invitee);
  if (snapshot.matches({ pending: 'newAccount' })) {
    expect(sessionEmail).toBeNull();
    expect(invitation?.account_exists).toBe(false);
  }
  if (snapshot.matches({ pending: 'needsLogin' }) && failure?.status !== 403) {
    // Signed in as someone else, or an account that must log in.
    expect(sessionEmail === someoneElse || invitation?.account_exists).toBe(true);
  }
  // Accepting sends the new account's fields only when there is no session.
  if (snapshot.matches('accepting') && last.type === 'invitation.accept') {
    const sent = effects.accepts.at(-1);
    expect(sent?.token).toBe(token);
    expect(sent?.account).toEqual(sessionEmail ? undefined : account);
    // A guardian accepts the data-processing text of the version shown, and only so.
    if (invitation?.guardian) {
      expect(last.acceptDataPolicy).toBe(true);
      expect(sent?.consent).toEqual({ version: policyVersion });
    } else expect(sent?.consent).toBeUndefined();
  }
  if (snapshot.matches('accepted')) {
    expect(effects.sessions).toEqual([session]);
    const home = invitation?.type === 'guardian' ? '/home/parent-dashboard' : '/home';
    expect(effects.accepted).toEqual([{ club: pendingNew.club.name, home }]);
  }
  if (snapshot.matches('rejecting')) expect(effects.rejects.at(-1)).toBe(token);
  if (snapshot.matches('rejected')) expect(effects.rejected).toBe(1);
  if (snapshot.matches('failed')) expect(failure?.message).toBe(closed.message);
  // Nothing is accepted or rejected without the server saying so.
  if (!snapshot.matches('accepted')) expect(effects.sessions).toEqual([]);
  if (!snapshot.matches('rejected')) expect(effects.rejected).toBe(0);
  // Login and logout remember the page; a logout needs a session.
  if (last.type === 'invitation.login' && snapshot.matches({ pending: 'needsLogin' })) {
    expect(effects.logins.at(-1)).toBe(token);
  }
  if (last.type === 'invitation.logout' && effects.logouts.length > 0) {
    expect(sessionEmail).not.toBeNull();
  }
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = {
    loads: [],
    accepts: [],
    rejects: [],
    logins: [],
    logouts: [],
    sessions: [],
    accepted: [],
    rejected: 0,
  };
  const calls: Partial<Record<Actor, Deferred<unknown>>> = {};
  const call = <T>(actor: Actor) => {
    calls[actor] = deferred<unknown>();
    return calls[actor].promise as Promise<T>;
  };
  const logic = invitationMachine.provide({
    actors: {
      load: fromPromise<PublicInvitation, string>(({ input }) => {
        effects.loads.push(input);
        return call('load');
      }),
      accept: fromPromise<AuthResponse, AcceptInput>(({ input }) => {
        effects.accepts.push(input);
        return call('accept');
      }),
      reject: fromPromise<void, string>(({ input }) => {
        effects.rejects.push(input);
        return call('reject');
      }),
    },
    actions: {
      goToLogin: (_, { token: sent }) => void effects.logins.push(sent),
      logout: (_, { token: sent }) => void effects.logouts.push(sent),
      startSession: (_, { response }) => void effects.sessions.push(response),
      notifyAccepted: (_, params) => void effects.accepted.push(params),
      notifyRejected: () => void effects.rejected++,
    },
  });
  const actor = createActor(logic, {
    input: { token, sessionEmail: null },
    inspect: coverage.inspect,
  });
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
    const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
    if (event.type === 'xstate.init') actor.start();
    else if (done) calls[done[1] as Actor]!.resolve((event as ActorEvent).output);
    else if (failed) calls[failed[1] as Actor]!.reject((event as ActorEvent).error);
    else actor.send(event as InvitationEvent);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    checkState(snapshot, effects, event as ModelEvent);
  }
  actor.stop();
}

const coverage = new Coverage(invitationMachine);
let walked = 0;

describe('invitations-answer machine, every path of the model', () => {
  const paths = planPaths(invitationMachine, {
    input: { token, sessionEmail: null },
    events: eventsIn,
  });
  for (const path of paths) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report(
    'invitations-answer machine',
  );
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
