import { assign, fromPromise, setup } from 'xstate';
import type { Module } from '../../contract/modules.schema';
import { toRequestFailure } from '../lib/request-failure';

/** One switch asked for: the module (enough to name it and call the server) and its new value. */
export interface ModuleSwitch {
  id: number;
  name: string;
  isActive: boolean;
}

export interface ModuleToggleContext {
  /** The switch being asked about or sent; null when none is. */
  request: ModuleSwitch | null;
}

export type ModuleToggleEvent =
  | { type: 'module.switch'; module: Pick<Module, 'id' | 'name'>; isActive: boolean }
  | { type: 'module.confirmOff' }
  | { type: 'module.cancelOff' };

/** From 'idle' and 'failed' alike: switching off asks first, switching on goes at once. */
const switchModule = [
  {
    guard: 'isSwitchingOff',
    target: 'confirmingOff',
    actions: 'assignRequest',
  },
  { target: 'toggling', actions: 'assignRequest' },
] as const;

/**
 * 'Módulos activos' in Gestión de Roles (super admin only): a module switched off disappears
 * for every club, so that asks first; switching one on goes straight to the server. The
 * outcome is told by `notifyToggled` / `notifyRefused` (toasts, provided by the screen);
 * a refused switch shows the server's value again.
 */
export const moduleToggleMachine = setup({
  types: {
    context: {} as ModuleToggleContext,
    events: {} as ModuleToggleEvent,
  },
  actors: {
    toggle: fromPromise<Module, ModuleSwitch>(() =>
      Promise.reject(new Error('toggle is not provided')),
    ),
  },
  actions: {
    assignRequest: assign(({ event }) =>
      event.type === 'module.switch'
        ? { request: { id: event.module.id, name: event.module.name, isActive: event.isActive } }
        : {},
    ),
    clearRequest: assign({ request: null }),
    /** Effect: the toast 'Módulo {nombre} activado' / 'desactivado' and a fresh session. */
    notifyToggled: (_, _params: { module: Module }) => {},
    /** Effect: the server's reason in a toast. */
    notifyRefused: (_, _params: { message: string }) => {},
  },
  guards: {
    isSwitchingOff: ({ event }) => event.type === 'module.switch' && !event.isActive,
  },
}).createMachine({
  id: 'moduleToggle',
  description: 'Switches a module on or off for every club, asking before switching one off.',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'module.switch': switchModule },
    },
    confirmingOff: {
      description: 'The dialog asks "¿Desactivar {nombre}?".',
      on: {
        'module.confirmOff': 'toggling',
        'module.cancelOff': { target: 'idle', actions: 'clearRequest' },
      },
    },
    toggling: {
      tags: ['loading'],
      description: 'The switch shows the value asked for; every switch waits.',
      invoke: {
        id: 'toggle',
        src: 'toggle',
        input: ({ context }) => {
          if (!context.request) throw new Error('No module to switch');
          return context.request;
        },
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notifyToggled', params: ({ event }) => ({ module: event.output }) },
            'clearRequest',
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            {
              type: 'notifyRefused',
              params: ({ event }) => ({ message: toRequestFailure(event.error).message }),
            },
            'clearRequest',
          ],
        },
      },
    },
    failed: {
      description: 'Refused: the toast said why, the switch shows its previous value again.',
      on: { 'module.switch': switchModule },
    },
  },
});
