import type { UnknownAction } from 'xstate';

/*
 * How the statechart pages (statechart-mermaid.ts) name events, guards and actions: pure
 * functions of a machine's definition, so the pages stay deterministic.
 */

/** `xstate.done.actor.login` → `done(login)`; eventless → `always`. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}(${actor[2]})`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after(${after[1]})`;
  return eventType;
}

type GuardLike = string | { type: string } | ((...args: unknown[]) => unknown) | undefined;

/** A guard's name: `hasToken`, `!hasToken`, `a && b`, `in(#auth.idle)` or `inline`. */
export function guardLabel(guard: unknown): string {
  const g = guard as GuardLike;
  if (g === undefined) return '';
  if (typeof g === 'string') return g;
  if (typeof g === 'function') {
    const composite = g as unknown as { guards?: unknown[]; stateValue?: unknown };
    if (g.name === 'not' && composite.guards) return `!${guardLabel(composite.guards[0])}`;
    if ((g.name === 'and' || g.name === 'or') && composite.guards) {
      const joiner = g.name === 'and' ? ' && ' : ' || ';
      return `(${composite.guards.map(guardLabel).join(joiner)})`;
    }
    if (g.name === 'stateIn' && composite.stateValue !== undefined) {
      return `in(${JSON.stringify(composite.stateValue)})`;
    }
    return 'inline';
  }
  return typeof g.type === 'string' ? g.type : 'inline';
}

/** Every named guard inside a guard expression. */
export function guardNames(guard: unknown): string[] {
  const g = guard as GuardLike;
  if (g === undefined) return [];
  if (typeof g === 'string') return [g];
  if (typeof g === 'function') {
    const composite = g as unknown as { guards?: unknown[] };
    return composite.guards ? composite.guards.flatMap(guardNames) : [];
  }
  return typeof g.type === 'string' ? [g.type] : [];
}

const formatParam = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/** An action's name with its static params: `broadcast(message=LOGIN)`, `storeToken(…)`. */
export function actionLabel(action: UnknownAction | unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const builtIn = (action as { type?: unknown }).type;
    if (typeof builtIn === 'string') return builtIn.replace(/^xstate\./, '');
    return action.name && action.name !== 'anonymous' ? action.name : 'inline';
  }
  if (action && typeof action === 'object' && 'type' in action) {
    const { type, params } = action as { type: unknown; params?: unknown };
    const name = typeof type === 'string' ? type : 'inline';
    if (params === undefined) return name;
    if (typeof params === 'function') return `${name}(…)`;
    if (typeof params === 'object' && params !== null) {
      const args = Object.entries(params).map(([key, value]) => `${key}=${formatParam(value)}`);
      return `${name}(${args.join(', ')})`;
    }
    return `${name}(${formatParam(params)})`;
  }
  return 'inline';
}
