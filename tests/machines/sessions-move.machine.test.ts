import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  sessionMessages,
  type SessionScope,
  type SessionWriteResponse,
} from '../../contract/sessions.schema';
import { RequestError } from '../../src/lib/request-failure';
import { calendarMoveMachine, type SessionMove } from '../../src/machines/sessions-move.machine';
import * as sel from '../../src/machines/sessions-move.selectors';
import { createCalendarMoveImplementations } from '../../src/machines/sessions.actors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const seriesMove: SessionMove = {
  sessionId: 40,
  title: 'Entrenamiento Sub-12',
  inSeries: true,
  startsAt: '2026-11-25T19:00:00-05:00',
  endsAt: '2026-11-25T20:30:00-05:00',
};
const singleMove: SessionMove = {
  sessionId: 7,
  title: 'Reunión de padres',
  inSeries: false,
  startsAt: '2026-11-26T18:00:00-05:00',
  endsAt: '2026-11-26T19:00:00-05:00',
};
const answer = { affected: 3, kept: 1 } as SessionWriteResponse;
const refusal = new RequestError({
  status: 403,
  message: sessionMessages.notYourCategory,
  fieldErrors: {},
});

type ModelEvent =
  | { type: 'move.request'; move: SessionMove }
  | { type: 'move.scope'; scope: SessionScope }
  | { type: 'move.cancel' }
  | { type: 'xstate.done.actor.save'; output: SessionWriteResponse }
  | { type: 'xstate.error.actor.save'; error: unknown };

const events = (snapshot: AnyMachineSnapshot): ModelEvent[] => {
  const list: ModelEvent[] = [
    { type: 'move.request', move: seriesMove },
    { type: 'move.request', move: singleMove },
    { type: 'move.scope', scope: 'following' },
    { type: 'move.scope', scope: 'series' },
    { type: 'move.cancel' },
  ];
  if (snapshot.children.save) {
    list.push({ type: 'xstate.done.actor.save', output: answer });
    list.push({ type: 'xstate.error.actor.save', error: refusal });
  }
  return list;
};

/** What the calendar shows, from the flow (not from the machine). */
interface Expected {
  /** The move whose scope the dialog asks. */
  asking: SessionMove | null;
  /** The move being saved and its scope. */
  saving: { move: SessionMove; scope: SessionScope } | null;
  refusal: string | null;
}

/** What the effects did, in order. */
interface Effects {
  sent: { id: number; scope: SessionScope; starts_at: string; ends_at: string }[];
  reverted: number[];
  toasts: string[];
}

function expectedAfter(prev: Expected, event: ModelEvent, log: Effects): Expected {
  const idle: Expected = { asking: null, saving: null, refusal: null };
  const busy = prev.asking !== null || prev.saving !== null;
  switch (event.type) {
    case 'move.request':
      // A drop while another move is open goes straight back.
      if (busy) {
        log.reverted.push(event.move.sessionId);
        return prev;
      }
      if (event.move.inSeries) return { ...idle, asking: event.move };
      log.sent.push({
        id: event.move.sessionId,
        scope: 'this',
        starts_at: event.move.startsAt,
        ends_at: event.move.endsAt,
      });
      return { ...idle, saving: { move: event.move, scope: 'this' } };
    case 'move.scope':
      if (!prev.asking) return prev;
      log.sent.push({
        id: prev.asking.sessionId,
        scope: event.scope,
        starts_at: prev.asking.startsAt,
        ends_at: prev.asking.endsAt,
      });
      return { ...idle, saving: { move: prev.asking, scope: event.scope } };
    case 'move.cancel':
      if (!prev.asking) return prev;
      log.reverted.push(prev.asking.sessionId);
      return idle;
    case 'xstate.done.actor.save':
      log.toasts.push('3 sesiones actualizadas; 1 sesión con asistencia no se tocaron');
      return idle;
    case 'xstate.error.actor.save':
      log.reverted.push(prev.saving!.move.sessionId);
      log.toasts.push(sessionMessages.notYourCategory);
      return { ...idle, refusal: sessionMessages.notYourCategory };
  }
}

const coverage = new Coverage(calendarMoveMachine);
let walked = 0;

async function walk(path: ModelPath) {
  const effects: Effects = { sent: [], reverted: [], toasts: [] };
  const expectedEffects: Effects = { sent: [], reverted: [], toasts: [] };
  let call: Deferred<SessionWriteResponse> | null = null;
  const logic = calendarMoveMachine.provide(
    createCalendarMoveImplementations({
      moveSession: ({ id, values }) => {
        effects.sent.push({
          id,
          scope: values.scope!,
          starts_at: values.starts_at!,
          ends_at: values.ends_at!,
        });
        call = deferred<SessionWriteResponse>();
        return call.promise;
      },
      revert: (id) => effects.reverted.push(id),
      toast: (message) => effects.toasts.push(message),
    }),
  );
  const actor = createActor(logic, { inspect: coverage.inspect });
  let expected: Expected = { asking: null, saving: null, refusal: null };
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else {
      expected = expectedAfter(expected, event, expectedEffects);
      if (event.type === 'xstate.done.actor.save') call!.resolve(event.output);
      else if (event.type === 'xstate.error.actor.save') call!.reject(event.error);
      else actor.send(event);
    }
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(sel.selectAskingScope(snapshot)).toEqual(expected.asking);
    expect(sel.selectIsMoving(snapshot)).toBe(expected.saving !== null);
    expect(sel.selectMoveRefusal(snapshot)).toBe(expected.refusal);
    // The server gets each move once, with the scope chosen; a cancelled one never.
    expect(effects.sent).toEqual(expectedEffects.sent);
    // Every refused or cancelled drop goes back; a saved one stays.
    expect(effects.reverted).toEqual(expectedEffects.reverted);
    // The toast comes from the server's answer, never a success for a refusal.
    expect(effects.toasts).toEqual(expectedEffects.toasts);
  }
  actor.stop();
}

describe('sessions-move machine, every path of the model', () => {
  for (const path of planPaths(calendarMoveMachine, { events })) {
    it(describePath(path) || '(start)', async () => {
      await walk(path);
      walked++;
    });
  }
});

describe('sessions-move coverage', () => {
  afterAll(() => {
    const { missingStates, missingTransitions, summary } = coverage.report('sessionsMove');
    console.log(summary);
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
  });
  it('walked at least one path', () => {
    expect(walked).toBeGreaterThan(0);
  });
});
