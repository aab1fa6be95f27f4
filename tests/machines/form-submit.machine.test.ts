import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { MessageResponse } from '../../contract/auth.schema';
import {
  formSubmitMachine,
  type FormSubmitEvent,
  type FormValues,
} from '../../src/machines/form-submit.machine';
import {
  selectCanSubmit,
  selectFailure,
  selectIsSubmitting,
  selectSucceeded,
  selectSuccessMessage,
} from '../../src/machines/form-submit.selectors';
import { toRequestFailure } from '../../src/lib/request-failure';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const values: FormValues = { email: 'ana@demo.club' };
const answer: MessageResponse = { message: 'Si el correo está registrado, te enviamos un enlace.' };
const refusal = {
  status: 422,
  message: 'El enlace no es válido',
  fieldErrors: { token: 'El enlace no es válido' },
};

type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.submit`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = FormSubmitEvent | ActorEvent;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [{ type: 'form.submit', values }];
  if (snapshot.children.submit) {
    events.push({ type: 'xstate.done.actor.submit', output: answer });
    events.push({ type: 'xstate.error.actor.submit', error: refusal });
  }
  return events;
}

/** What each state means on the screen. */
function checkState(snapshot: AnyMachineSnapshot, sent: FormValues[]) {
  const s = snapshot as never;
  const state = snapshot.value as string;
  expect(selectIsSubmitting(s)).toBe(state === 'submitting');
  expect(selectCanSubmit(s)).toBe(state === 'idle' || state === 'failed');
  expect(selectSucceeded(s)).toBe(state === 'succeeded');
  switch (state) {
    case 'idle':
      expect(sent).toEqual([]);
      expect(selectFailure(s)).toBeNull();
      expect(selectSuccessMessage(s)).toBeNull();
      break;
    case 'submitting':
      // The form's values go to the server, and an old refusal disappears meanwhile.
      expect(sent.at(-1)).toEqual(values);
      expect(selectFailure(s)).toBeNull();
      break;
    case 'succeeded':
      expect(selectSuccessMessage(s)).toBe(answer.message);
      expect(selectFailure(s)).toBeNull();
      break;
    case 'failed':
      expect(selectFailure(s)).toEqual(toRequestFailure(refusal));
      expect(selectSuccessMessage(s)).toBeNull();
      break;
    default:
      throw new Error(`Unexpected state ${state}`);
  }
}

async function walk(path: ModelPath, coverage: Coverage) {
  const sent: FormValues[] = [];
  let call: Deferred<MessageResponse> | null = null;
  const logic = formSubmitMachine.provide({
    actors: {
      submit: fromPromise<MessageResponse, FormValues>(({ input }) => {
        sent.push(input);
        call = deferred<MessageResponse>();
        return call.promise;
      }),
    },
  });
  const actor = createActor(logic, { inspect: coverage.inspect });
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.submit')
      call!.resolve(event.output as MessageResponse);
    else if (event.type === 'xstate.error.actor.submit') call!.reject(event.error);
    else actor.send(event as FormSubmitEvent);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    checkState(snapshot, sent);
  }
  actor.stop();
}

const coverage = new Coverage(formSubmitMachine);
let walked = 0;

describe('form-submit machine, every path of the model', () => {
  for (const path of planPaths(formSubmitMachine, { events: eventsIn })) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('form-submit machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
