import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { onboardingFlows, onboardingStatusFallback } from '../../contract/onboarding.schema';
import { profileMessages } from '../../contract/profile.schema';
import { onboardingMachine } from '../../src/machines/onboarding.machine';

import { newPerson, register, SIGN_UP_CONSENT } from './support/accounts';
import { expect, test } from './support/fixtures';
import { coveringWalk, stateName, type WalkAction, type WalkStep } from './support/model-walks';
import { choose, fillClub, fillDocument, fillProfile, saveStep } from './support/onboarding';

/*
 * The onboarding wizard's statechart walked in Chromium (issue #35 item 8): a person who just
 * registered goes through the 'default' flow (profile, document, club, season, invite), with
 * a refused save, 'Reintentar', 'Atrás' and 'Omitir' on the way. The machine says which state
 * each action leads to; the checks below, written from the flow in the contract and SPEC §8,
 * not from the machine, say what each state looks like on screen.
 */

/** The flow as the server reads it: a person without a role opens a club. */
const flow = onboardingFlows.default;
const status = { ...onboardingStatusFallback, flow: 'default', user_data: null };

/** The key of the flow's step on screen (the machine counts its steps from 0). */
const currentStepKey = (context: { stepIndex: number }) => flow[context.stepIndex]!.key;

/** A step of the flow on screen is a state of its own (`step.editing@club`). */
function name(snapshot: AnyMachineSnapshot): string {
  const state = stateName(snapshot);
  return snapshot.matches('step') ? `${state}@${currentStepKey(snapshot.context)}` : state;
}

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const onStep = (key: string) => (snapshot: AnyMachineSnapshot) =>
  snapshot.matches('step') && currentStepKey(snapshot.context) === key;

interface OnboardingAction extends WalkAction {
  perform: (page: Page, from: string) => Promise<void>;
  shows?: (page: Page) => Promise<void>;
}

/** A document number another person registered before the walk (set in the test). */
let takenDocument = '';

/** Fills the step on screen (`from` names it) with what its server accepts, and saves it. */
async function fillStep(page: Page, from: string) {
  const key = from.split('@')[1];
  if (key === 'profile') return fillProfile(page);
  if (key === 'document') return fillDocument(page);
  if (key === 'club') return fillClub(page, `Club Caminante ${Date.now().toString(36)}`);
  if (key === 'season') {
    await choose(page, 'Mes de inicio de temporada', 'Febrero');
    await choose(page, 'Mes de fin de temporada', 'Noviembre');
    return saveStep(page);
  }
  if (key === 'invite') {
    await page.getByRole('textbox', { name: 'Correo del entrenador' }).fill(newPerson().email);
    return saveStep(page);
  }
  throw new Error(`No way to fill the step of ${from}`);
}

const actions: OnboardingAction[] = [
  {
    type: 'se registra y abre el asistente',
    events: [done('loadStatus', status)],
    perform: (page) => register(page, newPerson()),
  },
  {
    type: 'guarda el paso',
    events: [
      { type: 'wizard.save', values: {} } as EventObject,
      done('saveStep', { clubId: 1 }),
      done('recordStep', status),
    ],
    when: (snapshot) => snapshot.matches({ step: 'editing' }),
    perform: fillStep,
  },
  {
    type: 'guarda un documento que ya es de otra persona',
    events: [
      { type: 'wizard.save', values: {} } as EventObject,
      { type: 'xstate.error.actor.saveStep', error: { status: 409 } } as EventObject,
    ],
    when: onStep('document'),
    perform: async (page) => {
      await page.getByRole('combobox', { name: /^Tipo de documento/ }).click();
      await page.getByRole('option', { name: 'Cédula de ciudadanía', exact: true }).click();
      await page.getByRole('textbox', { name: 'Número de documento' }).fill(takenDocument);
      await saveStep(page);
    },
  },
  {
    type: 'pulsa Reintentar',
    events: [
      { type: 'wizard.retry' },
      { type: 'xstate.error.actor.saveStep', error: { status: 409 } } as EventObject,
    ],
    selfMove: true,
    perform: (page) => page.getByRole('button', { name: 'Reintentar' }).click(),
  },
  {
    type: 'cierra el aviso',
    events: [{ type: 'wizard.edit' }],
    perform: (page) => page.getByRole('alert').getByRole('button', { name: 'Cerrar' }).click(),
    shows: (page) => expect(page.getByText(profileMessages.documentTaken)).toHaveCount(0),
  },
  {
    type: 'pulsa Atrás',
    events: [{ type: 'wizard.back' }],
    perform: (page) => page.getByRole('button', { name: 'Atrás' }).click(),
  },
  {
    type: 'pulsa Omitir',
    events: [{ type: 'wizard.skip' }],
    perform: (page) => page.getByRole('button', { name: 'Omitir' }).click(),
  },
  {
    type: 'pulsa Finalizar',
    events: [{ type: 'wizard.finish' }, done('complete', { ...status, completed: true })],
    perform: (page) => page.getByRole('button', { name: 'Finalizar' }).click(),
  },
];

const stepHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: title });

/** What each state looks like on screen: the step's form, its refusal, the end. */
function onScreen(state: string): ((page: Page) => Promise<void>) | undefined {
  const [node, key] = state.split('@');
  const step = flow.find((candidate) => candidate.key === key);
  if (node === 'step.editing' && step) {
    return async (page) => {
      await expect(stepHeading(page, step.title)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Guardar y continuar' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Omitir' })).toHaveCount(step.optional ? 1 : 0);
    };
  }
  if (node === 'step.saveFailed' && step) {
    return async (page) => {
      await expect(stepHeading(page, step.title)).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(profileMessages.documentTaken);
    };
  }
  if (state === 'ready') {
    return async (page) => {
      await expect(page.getByRole('button', { name: 'Finalizar' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Guardar y continuar' })).toHaveCount(0);
    };
  }
  if (state === 'done') {
    // Completed: the guard sends the new owner to the club's dashboard (SPEC §2).
    return async (page) => expect(page).toHaveURL(/\/home\/dashboard$/);
  }
  return undefined;
}

async function walk(page: Page, steps: WalkStep<OnboardingAction>[]) {
  let from = 'loadingStatus';
  for (const { action, state } of steps) {
    await test.step(`${action.type} → ${state}`, async () => {
      await action.perform(page, from);
      const check = onScreen(state);
      expect(check, `a check on screen for the state ${state}`).toBeDefined();
      await check!(page);
      await action.shows?.(page);
    });
    from = state;
  }
}

test('onboarding, one walk through every step, refusal and way back', async ({ page }) => {
  // Eight steps of a new owner and their way back, with both browser workers busy.
  test.slow();
  const steps = coveringWalk(onboardingMachine, {}, actions, { name, moves: 'actions' });
  const entered = new Set(steps.map(({ state }) => state));
  // Every step of the flow, the refusal and the end are walked (the flow, not the machine, says so).
  for (const step of flow) expect(entered).toContain(`step.editing@${step.key}`);
  expect(entered).toContain('step.saveFailed@document');
  expect(steps.at(-1)!.state).toBe('done');

  // Someone else registered this document before.
  const rival = newPerson();
  takenDocument = String(Date.now()).slice(-9);
  const signUp = await page.request.post('/api/register', {
    data: { ...rival, password_confirmation: rival.password, ...SIGN_UP_CONSENT },
  });
  expect(signUp.ok()).toBe(true);
  const { token } = (await signUp.json()) as { token: string };
  const saved = await page.request.put('/api/profile/update-step', {
    headers: { authorization: `Bearer ${token}` },
    data: { step: 'document', data: { document_type: 'CC', document_number: takenDocument } },
  });
  expect(saved.ok()).toBe(true);

  await walk(page, steps);
});
