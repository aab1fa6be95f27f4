import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { clubMessages, type Club } from '../../contract/clubs.schema';
import type { Module } from '../../contract/modules.schema';
import { RequestError, toRequestFailure } from '../../src/lib/request-failure';
import {
  clubArchiveMachine,
  createClubArchiveImplementations,
} from '../../src/machines/clubs.actors';
import { confirmActionMachine } from '../../src/machines/confirm-action.machine';
import {
  selectAsking,
  selectInFlight,
  selectIsRunning,
  selectRefusal,
} from '../../src/machines/confirm-action.selectors';
import {
  createInvitationRevokeImplementations,
  invitationRevokeMachine,
} from '../../src/machines/invitations.actors';
import {
  createModuleToggleImplementations,
  isShownActive,
  moduleSwitchRequest,
  moduleToggleMachine,
  type ModuleSwitch,
} from '../../src/machines/modules.actors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const moduleOf = (id: number, slug: string, name: string, isActive: boolean): Module => ({
  id,
  slug,
  name,
  icon: null,
  category: 'management',
  route_prefix: null,
  order_index: id,
  is_active: isActive,
});
/** Jugadores is on (switching it off asks), Entrenamientos is off (switching it on goes). */
const players = moduleOf(2, 'players', 'Jugadores', true);
const sessions = moduleOf(5, 'sessions', 'Entrenamientos', false);
const refusal = new RequestError({
  status: 403,
  message: 'Solo el super administrador puede hacerlo',
  fieldErrors: {},
});
/** Both kinds of request: one that asks first and one that runs at once. */
const switchOff = moduleSwitchRequest(players, false);
const switchOn = moduleSwitchRequest(sessions, true);

type Request = typeof switchOff;
type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.run`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent =
  Request | { type: 'action.request'; subject: unknown; confirm: boolean } | ActorEvent;
const serverModule = (change: ModuleSwitch) =>
  ({ ...(change.id === players.id ? players : sessions), is_active: change.isActive }) as Module;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    switchOff,
    switchOn,
    { type: 'action.confirm' },
    { type: 'action.cancel' },
  ];
  const subject = snapshot.context.subject as ModuleSwitch | null;
  if (snapshot.children.run && subject) {
    events.push({ type: 'xstate.done.actor.run', output: serverModule(subject) });
    events.push({ type: 'xstate.error.actor.run', error: refusal });
  }
  return events;
}

/** The reference model: what the screen must show, written from the spec, not the machine. */
interface Expected {
  asking: unknown;
  running: unknown;
  refusal: string | null;
}

/** The expected decision: a request asks first exactly when it says so; one at a time. */
function expectedAfter(prev: Expected, event: ModelEvent): Expected {
  const busy = prev.asking !== null || prev.running !== null;
  switch (event.type) {
    case 'action.request':
      if (busy) return prev;
      return event.confirm
        ? { asking: event.subject, running: null, refusal: null }
        : { asking: null, running: event.subject, refusal: null };
    case 'action.confirm':
      return prev.asking && !prev.running ? { ...prev, running: prev.asking } : prev;
    case 'action.cancel':
      return prev.asking && !prev.running ? { asking: null, running: null, refusal: null } : prev;
    case 'xstate.done.actor.run':
      return { asking: null, running: null, refusal: null };
    case 'xstate.error.actor.run':
      return { asking: null, running: null, refusal: toRequestFailure(event.error).message };
  }
}

interface Effects {
  confirms: number;
  immediate: number;
  sent: ModuleSwitch[];
  toasts: { message: string; destructive: boolean }[];
  refreshes: number;
}

function checkState(
  snapshot: AnyMachineSnapshot,
  expected: Expected,
  effects: Effects,
  last: string,
) {
  const s = snapshot as never;
  // The dialog names the module while asking, and waits while that module is switched off.
  expect(selectAsking(s)).toEqual(expected.asking);
  expect(selectIsRunning(s)).toBe(expected.running !== null);
  expect(selectInFlight(s)).toEqual(expected.running);
  expect(selectRefusal(s)).toBe(expected.refusal);
  // The switch shows the value asked for only while it is sent; the server's otherwise.
  const inFlight = selectInFlight(s) as ModuleSwitch | null;
  expect(isShownActive(players, inFlight)).toBe(inFlight?.id === players.id ? false : true);
  expect(isShownActive(sessions, inFlight)).toBe(inFlight?.id === sessions.id);
  // Switching off is sent once per confirmation, never before it; cancelling sends nothing.
  expect(effects.sent.filter(({ isActive }) => !isActive)).toHaveLength(effects.confirms);
  // The server runs once per confirmation plus once per request that does not ask; never on cancel.
  expect(effects.sent).toHaveLength(effects.confirms + effects.immediate);
  if (expected.running) expect(effects.sent.at(-1)).toEqual(expected.running);
  // The toast says what the server did, from its answer; a refusal says why, in red.
  if (last === 'xstate.done.actor.run') {
    const done = serverModule(effects.sent.at(-1)!);
    const verb = done.is_active ? 'activado' : 'desactivado';
    expect(effects.toasts.at(-1)).toEqual({
      message: `Módulo ${done.name} ${verb}`,
      destructive: false,
    });
  }
  if (last === 'xstate.error.actor.run') {
    expect(effects.toasts.at(-1)).toEqual({ message: refusal.message, destructive: true });
  }
  expect(effects.toasts.length).toBeLessThanOrEqual(effects.sent.length);
  // The session is read again after each switch the server made, never after a refusal.
  expect(effects.refreshes).toBe(effects.toasts.filter(({ destructive }) => !destructive).length);
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = { confirms: 0, immediate: 0, sent: [], toasts: [], refreshes: 0 };
  let call: Deferred<Module> | null = null;
  const logic = moduleToggleMachine.provide(
    createModuleToggleImplementations({
      toggleModule: (change) => {
        effects.sent.push({
          ...change,
          name: change.id === players.id ? players.name : sessions.name,
        });
        call = deferred<Module>();
        return call.promise;
      },
      refreshSession: () => void effects.refreshes++,
      toast: (message, options) =>
        effects.toasts.push({ message, destructive: options?.variant === 'destructive' }),
    }),
  );
  const actor = createActor(logic, { inspect: coverage.inspect });
  let expected: Expected = { asking: null, running: null, refusal: null };
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else {
      const before = expected;
      expected = expectedAfter(expected, event);
      if (event.type === 'action.request' && !before.running && expected.running)
        effects.immediate++;
      if (event.type === 'xstate.done.actor.run') call!.resolve(event.output as Module);
      else if (event.type === 'xstate.error.actor.run') call!.reject(event.error);
      else {
        const asking = actor.getSnapshot().matches('confirming');
        if (event.type === 'action.confirm' && asking) effects.confirms++;
        actor.send(event as Request);
      }
    }
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    checkState(snapshot, expected, effects, event.type);
  }
  actor.stop();
}

const coverage = new Coverage(confirmActionMachine);
let walked = 0;

describe('confirm-action machine, every path of the model (module switches: off asks, on goes)', () => {
  for (const path of planPaths(moduleToggleMachine, { events: eventsIn })) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

/** Every request asks first: archiving one of two clubs (the list's 'Archivar'). */
const clubs = [
  { id: 1, name: 'Club Deportivo Demo' },
  { id: 2, name: 'Club Norte' },
];
const clubRefusal = new RequestError({
  status: 409,
  message: clubMessages.hasPlayers(3),
  fieldErrors: {},
});

function archiveEventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    ...clubs.map((club) => ({ type: 'action.request' as const, subject: club, confirm: true })),
    { type: 'action.confirm' },
    { type: 'action.cancel' },
  ];
  if (snapshot.children.run) {
    events.push({ type: 'xstate.done.actor.run', output: { status: 'archived' } });
    events.push({ type: 'xstate.error.actor.run', error: clubRefusal });
  }
  return events;
}

async function walkArchive(path: ModelPath) {
  const archived: number[] = [];
  const toasts: [string, unknown][] = [];
  let confirms = 0;
  let call: Deferred<Club> | null = null;
  const logic = clubArchiveMachine.provide(
    createClubArchiveImplementations({
      archiveClub: (id) => {
        archived.push(id);
        call = deferred<Club>();
        return call.promise;
      },
      toast: (message, options) => toasts.push([message, options]),
    }),
  );
  const actor = createActor(logic, { inspect: coverage.inspect });
  let expected: Expected = { asking: null, running: null, refusal: null };
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else {
      expected = expectedAfter(expected, event);
      if (event.type === 'xstate.done.actor.run') call!.resolve(event.output as Club);
      else if (event.type === 'xstate.error.actor.run') call!.reject(event.error);
      else {
        if (event.type === 'action.confirm' && actor.getSnapshot().matches('confirming'))
          confirms++;
        actor.send(event as never);
      }
    }
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    // The dialog names the club while asking and while archiving; the server is called
    // only after the confirmation, once per confirmation, and never on 'Cancelar'.
    expect(selectAsking(snapshot)).toEqual(expected.asking);
    expect(selectIsRunning(snapshot)).toBe(expected.running !== null);
    expect(selectRefusal(snapshot)).toBe(expected.refusal);
    expect(archived).toHaveLength(confirms);
    if (expected.running) expect(archived.at(-1)).toBe((expected.running as { id: number }).id);
    if (event.type === 'xstate.done.actor.run')
      expect(toasts.at(-1)).toEqual(['Club archivado', undefined]);
    if (event.type === 'xstate.error.actor.run') {
      expect(toasts.at(-1)).toEqual([clubRefusal.message, { variant: 'destructive' }]);
    }
    expect(toasts.length).toBeLessThanOrEqual(archived.length);
  }
  actor.stop();
}

describe('confirm-action machine, every path of the model (archiving clubs: every request asks)', () => {
  for (const path of planPaths(clubArchiveMachine, { events: archiveEventsIn })) {
    it(describePath(path) || '(start)', async () => {
      await walkArchive(path);
      walked++;
    });
  }
});

describe('confirm-action uses', () => {
  it('asks before switching a module off (it leaves every club), never before switching one on', () => {
    expect(switchOff).toMatchObject({
      confirm: true,
      subject: { id: players.id, isActive: false },
    });
    expect(switchOn).toMatchObject({
      confirm: false,
      subject: { id: sessions.id, isActive: true },
    });
  });

  const club = { id: 1, name: 'Club Deportivo Demo' };
  const ask = { type: 'action.request', subject: club, confirm: true } as const;

  it('archives a club only after the confirmation and says so', async () => {
    const archived: number[] = [];
    const toasts: string[] = [];
    const actor = createActor(
      clubArchiveMachine.provide(
        createClubArchiveImplementations({
          archiveClub: async (id) => {
            archived.push(id);
            return { ...club, status: 'archived' } as Club;
          },
          toast: (message) => toasts.push(message),
        }),
      ),
    ).start();
    actor.send(ask);
    expect(selectAsking(actor.getSnapshot())).toEqual(club);
    expect(archived).toEqual([]);
    actor.send({ type: 'action.confirm' });
    await settle();
    expect(archived).toEqual([1]);
    expect(toasts).toEqual(['Club archivado']);
    expect(selectAsking(actor.getSnapshot())).toBeNull();
  });

  it('shows the server’s refusal to archive a club with players, in red', async () => {
    const toasts: [string, unknown][] = [];
    const actor = createActor(
      clubArchiveMachine.provide(
        createClubArchiveImplementations({
          archiveClub: () =>
            Promise.reject(
              new RequestError({
                status: 409,
                message: clubMessages.hasPlayers(3),
                fieldErrors: {},
              }),
            ),
          toast: (message, options) => toasts.push([message, options]),
        }),
      ),
    ).start();
    actor.send(ask);
    actor.send({ type: 'action.confirm' });
    await settle();
    expect(toasts).toEqual([[clubMessages.hasPlayers(3), { variant: 'destructive' }]]);
    expect(selectRefusal(actor.getSnapshot())).toBe(clubMessages.hasPlayers(3));
  });

  it('revokes an invitation once per confirmation, never on cancel, naming the e-mail', async () => {
    const revoked: number[] = [];
    const toasts: string[] = [];
    const actor = createActor(
      invitationRevokeMachine.provide(
        createInvitationRevokeImplementations({
          revokeInvitation: async (id) => void revoked.push(id),
          toast: (message) => toasts.push(message),
        }),
      ),
    ).start();
    const invitation = { id: 9, email: 'nueva@demo.club' };
    actor.send({ type: 'action.request', subject: invitation, confirm: true });
    actor.send({ type: 'action.cancel' });
    expect(revoked).toEqual([]);
    actor.send({ type: 'action.request', subject: invitation, confirm: true });
    actor.send({ type: 'action.confirm' });
    actor.send({ type: 'action.confirm' });
    await settle();
    expect(revoked).toEqual([9]);
    expect(toasts).toEqual(['Invitación a nueva@demo.club anulada']);
  });

  it('sends the server’s answer to the toast, once per switch', async () => {
    const toasts: string[] = [];
    const actor = createActor(
      moduleToggleMachine.provide(
        createModuleToggleImplementations({
          toggleModule: async ({ isActive }) => ({ ...sessions, is_active: isActive }),
          refreshSession: () => {},
          toast: (message) => toasts.push(message),
        }),
      ),
    ).start();
    actor.send(switchOn);
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(toasts).toEqual(['Módulo Entrenamientos activado']);
  });
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('confirm-action machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
