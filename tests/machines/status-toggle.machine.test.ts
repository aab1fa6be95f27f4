import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { PersonStatus } from '../../contract/people.schema';
import { RequestError } from '../../src/lib/request-failure';
import { confirmActionMachine } from '../../src/machines/confirm-action.machine';
import {
  selectAsking,
  selectInFlight,
  selectIsRunning,
  selectRefusal,
} from '../../src/machines/confirm-action.selectors';
import {
  createStatusToggleImplementations,
  isShownActive,
  statusSwitchRequest,
  statusToggleMachine,
  type StatusSwitch,
} from '../../src/machines/status-toggle.actors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

/*
 * The status switch of a trainer's (or player's) row: the confirm-action machine, one actor
 * per row, walked along every path with expectations written from the brief (issue #11),
 * not read from the machine: turning off asks, turning on does not; the switch shows the
 * value asked for while it is sent and the server's otherwise; the API is called once per
 * request that runs, with the id and the new status; a refusal is a red toast with the
 * server's reason; a change the server made reloads the list.
 */

const ana = { id: 7, name: 'Ana Pérez' };
const refusal = new RequestError({
  status: 409,
  message: 'No puedes desactivar al único entrenador de la categoría Sub-10',
  fieldErrors: {},
});
const turnOff = statusSwitchRequest(ana, false);
const turnOn = statusSwitchRequest(ana, true);

type Request = typeof turnOff;
type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.run`;
  output?: unknown;
  error?: unknown;
};
type UserEvent = Request | { type: 'action.confirm' } | { type: 'action.cancel' };
type ModelEvent = UserEvent | ActorEvent;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    turnOff,
    turnOn,
    { type: 'action.confirm' },
    { type: 'action.cancel' },
  ];
  if (snapshot.children.run) {
    events.push({ type: 'xstate.done.actor.run', output: { ok: true } });
    events.push({ type: 'xstate.error.actor.run', error: refusal });
  }
  return events;
}

/** The reference model of one row, from the brief. */
interface Expected {
  /** The server's value for the row (what the list shows once read again). */
  serverActive: boolean;
  /** The status asked for, waiting for 'Desactivar' in the dialog. */
  asking: PersonStatus | null;
  /** The status being sent. */
  sending: PersonStatus | null;
  refusal: string | null;
}

function expectedAfter(prev: Expected, event: ModelEvent): Expected {
  const busy = prev.asking !== null || prev.sending !== null;
  switch (event.type) {
    case 'action.request': {
      if (busy) return prev;
      const status = event.subject.status;
      // Turning someone off asks first; turning them on goes at once.
      return status === 'inactive'
        ? { ...prev, asking: status, sending: null, refusal: null }
        : { ...prev, asking: null, sending: status, refusal: null };
    }
    case 'action.confirm':
      return prev.asking && !prev.sending ? { ...prev, asking: null, sending: prev.asking } : prev;
    case 'action.cancel':
      return prev.asking && !prev.sending ? { ...prev, asking: null } : prev;
    case 'xstate.done.actor.run':
      return {
        serverActive: prev.sending === 'active',
        asking: null,
        sending: null,
        refusal: null,
      };
    case 'xstate.error.actor.run':
      return { ...prev, asking: null, sending: null, refusal: refusal.message };
  }
}

interface Effects {
  sent: { id: number; status: PersonStatus }[];
  toasts: { message: string; destructive: boolean }[];
  refreshes: number;
  /** Requests that reached the server: confirmed ones and those that did not ask. */
  runs: number;
  done: number;
  failed: number;
}

const name = (status: PersonStatus) => (status === 'active' ? 'Activo' : 'Inactivo');

function checkState(
  snapshot: AnyMachineSnapshot,
  expected: Expected,
  effects: Effects,
  last: string,
) {
  const s = snapshot as never;
  const asking = selectAsking(s) as StatusSwitch | null;
  const inFlight = selectInFlight(s) as StatusSwitch | null;
  // The dialog '¿Desactivar a Ana Pérez?' is open while asking and while that runs.
  const dialogFor = expected.asking ?? (expected.sending === 'inactive' ? 'inactive' : null);
  expect(asking?.status ?? null).toBe(dialogFor);
  if (asking) expect(asking.name).toBe('Ana Pérez');
  expect(selectIsRunning(s)).toBe(expected.sending !== null);
  expect(inFlight?.status ?? null).toBe(expected.sending);
  expect(selectRefusal(s)).toBe(expected.refusal);
  // The switch: the value asked for while it is sent (optimistic), else the server's.
  const shown = expected.sending ? expected.sending === 'active' : expected.serverActive;
  expect(isShownActive({ id: ana.id, active: expected.serverActive }, inFlight)).toBe(shown);
  // Another row's switch never shows this row's request.
  expect(isShownActive({ id: 99, active: false }, inFlight)).toBe(false);
  // The API: once per request that ran, with the row's id and the status asked for.
  expect(effects.sent).toHaveLength(effects.runs);
  if (expected.sending)
    expect(effects.sent.at(-1)).toEqual({ id: ana.id, status: expected.sending });
  // A refusal says why, in red; a change the server made says so and reloads the list.
  if (last === 'xstate.error.actor.run') {
    expect(effects.toasts.at(-1)).toEqual({ message: refusal.message, destructive: true });
  }
  if (last === 'xstate.done.actor.run') {
    const status = effects.sent.at(-1)!.status;
    expect(effects.toasts.at(-1)).toEqual({
      message: `Estado de Ana Pérez: ${name(status)}`,
      destructive: false,
    });
  }
  expect(effects.toasts.filter(({ destructive }) => destructive)).toHaveLength(effects.failed);
  expect(effects.toasts.filter(({ destructive }) => !destructive)).toHaveLength(effects.done);
  expect(effects.refreshes).toBe(effects.done);
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = { sent: [], toasts: [], refreshes: 0, runs: 0, done: 0, failed: 0 };
  let call: Deferred<unknown> | null = null;
  const logic = statusToggleMachine.provide(
    createStatusToggleImplementations({
      change: (id, status) => {
        effects.sent.push({ id, status });
        call = deferred<unknown>();
        return call.promise;
      },
      refresh: () => void effects.refreshes++,
      toast: (message, options) =>
        effects.toasts.push({ message, destructive: options?.variant === 'destructive' }),
    }),
  );
  const actor = createActor(logic, { inspect: coverage.inspect });
  let expected: Expected = { serverActive: true, asking: null, sending: null, refusal: null };
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else {
      const before = expected;
      expected = expectedAfter(expected, event);
      if (!before.sending && expected.sending) effects.runs++;
      if (event.type === 'xstate.done.actor.run') {
        effects.done++;
        call!.resolve(event.output);
      } else if (event.type === 'xstate.error.actor.run') {
        effects.failed++;
        call!.reject(event.error);
      } else actor.send(event as UserEvent);
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

describe('status toggle (confirm-action, one row), every path of the model', () => {
  for (const path of planPaths(statusToggleMachine, { events: eventsIn })) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

describe('status toggle requests', () => {
  it('asks before turning someone off, never before turning them on', () => {
    expect(turnOff).toEqual({
      type: 'action.request',
      subject: { id: 7, name: 'Ana Pérez', status: 'inactive' },
      confirm: true,
    });
    expect(turnOn).toMatchObject({ subject: { status: 'active' }, confirm: false });
  });

  it('counts the change as made even when reloading the list fails', async () => {
    const toasts: string[] = [];
    const actor = createActor(
      statusToggleMachine.provide(
        createStatusToggleImplementations({
          change: async () => ({}),
          refresh: () => Promise.reject(new Error('offline')),
          toast: (message) => toasts.push(message),
        }),
      ),
    ).start();
    actor.send(turnOn);
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(toasts).toEqual(['Estado de Ana Pérez: Activo']);
  });
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('status toggle');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
