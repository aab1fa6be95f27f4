import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { Module } from '../../contract/modules.schema';
import {
  moduleToggleMachine,
  type ModuleSwitch,
  type ModuleToggleEvent,
} from '../../src/machines/module-toggle.machine';
import {
  isShownActive,
  selectIsToggling,
  selectModuleToSwitchOff,
  selectSwitchInFlight,
} from '../../src/machines/module-toggle.selectors';
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
const refusal = {
  status: 403,
  message: 'Solo el super administrador puede hacerlo',
  fieldErrors: {},
};

type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.toggle`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = ModuleToggleEvent | ActorEvent;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'module.switch', module: players, isActive: false },
    { type: 'module.switch', module: sessions, isActive: true },
    { type: 'module.confirmOff' },
    { type: 'module.cancelOff' },
  ];
  const request = snapshot.context.request as ModuleSwitch | null;
  if (snapshot.children.toggle && request) {
    const target = request.id === players.id ? players : sessions;
    events.push({
      type: 'xstate.done.actor.toggle',
      output: { ...target, is_active: request.isActive },
    });
    events.push({ type: 'xstate.error.actor.toggle', error: refusal });
  }
  return events;
}

interface Effects {
  /** How many times the dialog's 'Desactivar' was pressed while it asked. */
  confirmed: number;
  sent: ModuleSwitch[];
  toggled: Module[];
  refused: string[];
}

/** What each state means on the screen, given the last event. */
function checkState(snapshot: AnyMachineSnapshot, effects: Effects, last: ModelEvent['type']) {
  const s = snapshot as never;
  const state = snapshot.value as string;
  const request = snapshot.context.request as ModuleSwitch | null;
  expect(selectIsToggling(s)).toBe(state === 'toggling');
  // The dialog names the module while asking, and waits while that module is switched off.
  const asking = state === 'confirmingOff' || (state === 'toggling' && request?.id === players.id);
  expect(selectModuleToSwitchOff(s)).toEqual(
    asking ? { id: players.id, name: players.name, isActive: false } : null,
  );
  // The switch shows the value asked for only while it is sent; the server's otherwise.
  const inFlight = selectSwitchInFlight(s);
  expect(inFlight === null).toBe(state !== 'toggling');
  if (state === 'toggling') {
    expect(effects.sent.at(-1)).toEqual(request);
    const target = request!.id === players.id ? players : sessions;
    expect(isShownActive(target, inFlight)).toBe(request!.isActive);
  } else {
    expect(isShownActive(players, inFlight)).toBe(true);
    expect(isShownActive(sessions, inFlight)).toBe(false);
  }
  if (state === 'idle' || state === 'failed') expect(request).toBeNull();
  // Switching off is sent once per confirmation, never before it; cancelling sends nothing.
  expect(effects.sent.filter(({ isActive }) => !isActive)).toHaveLength(effects.confirmed);
  if (last === 'xstate.done.actor.toggle') expect(state).toBe('idle');
  if (last === 'xstate.done.actor.toggle') expect(effects.toggled).toHaveLength(1);
  if (last === 'xstate.error.actor.toggle') {
    expect(state).toBe('failed');
    expect(effects.refused.at(-1)).toBe(refusal.message);
  }
  expect(effects.toggled.length + effects.refused.length).toBeLessThanOrEqual(effects.sent.length);
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = { confirmed: 0, sent: [], toggled: [], refused: [] };
  let call: Deferred<Module> | null = null;
  const logic = moduleToggleMachine.provide({
    actors: {
      toggle: fromPromise<Module, ModuleSwitch>(({ input }) => {
        effects.sent.push(input);
        call = deferred<Module>();
        return call.promise;
      }),
    },
    actions: {
      notifyToggled: (_, { module }) => void effects.toggled.push(module),
      notifyRefused: (_, { message }) => void effects.refused.push(message),
    },
  });
  const actor = createActor(logic, { inspect: coverage.inspect });
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.toggle') call!.resolve(event.output as Module);
    else if (event.type === 'xstate.error.actor.toggle') call!.reject(event.error);
    else {
      if (event.type === 'module.confirmOff' && actor.getSnapshot().matches('confirmingOff')) {
        effects.confirmed++;
      }
      actor.send(event as ModuleToggleEvent);
    }
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    checkState(snapshot, effects, event.type as ModelEvent['type']);
  }
  actor.stop();
}

const coverage = new Coverage(moduleToggleMachine);
let walked = 0;

describe('module-toggle machine, every path of the model', () => {
  for (const path of planPaths(moduleToggleMachine, { events: eventsIn })) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

describe('module-toggle machine', () => {
  it('sends the server’s answer to the toast, once per switch', async () => {
    const toggled: Module[] = [];
    const actor = createActor(
      moduleToggleMachine.provide({
        actors: {
          toggle: fromPromise<Module, ModuleSwitch>(async ({ input }) => ({
            ...sessions,
            is_active: input.isActive,
          })),
        },
        actions: { notifyToggled: (_, { module }) => void toggled.push(module) },
      }),
    ).start();
    actor.send({ type: 'module.switch', module: sessions, isActive: true });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(toggled).toEqual([{ ...sessions, is_active: true }]);
    actor.stop();
  });
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('module-toggle machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
