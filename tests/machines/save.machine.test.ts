import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { Club } from '../../contract/clubs.schema';
import { invitationMessages } from '../../contract/invitations.schema';
import { memberMessages, type Member } from '../../contract/members.schema';
import { RequestError, toRequestFailure, type RequestFailure } from '../../src/lib/request-failure';
import {
  CLUB_FORM_OPTIONS,
  clubFormMachine,
  createClubFormImplementations,
} from '../../src/machines/clubs.actors';
import {
  createInvitationCreateImplementations,
  INVITATION_CREATE_OPTIONS,
  invitationCreateMachine,
  type SentInvitation,
} from '../../src/machines/invitations.actors';
import {
  createMemberRolesImplementations,
  MEMBER_ROLES_OPTIONS,
  memberRolesMachine,
} from '../../src/machines/members.actors';
import {
  createForgotPasswordImplementations,
  PASSWORD_FORM_OPTIONS,
  passwordFormMachine,
} from '../../src/machines/auth-password.actors';
import { saveMachine, type SaveOptions } from '../../src/machines/save.machine';
import * as sel from '../../src/machines/save.selectors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const member = {
  user_id: 5,
  name: 'Ana',
  lastname: 'Gómez',
  roles: [{ id: 3, name: 'Entrenador' }],
};
const savedMember: Member = {
  ...member,
  email: 'ana@demo.club',
  roles: [{ id: 4, name: 'Contador' }],
  joined_at: '2026-01-01T00:00:00.000Z',
};
const sentInvitation: SentInvitation = {
  id: 9,
  email: 'nueva@demo.club',
  role: { id: 4, name: 'Contador' },
  type: 'accountant',
  status: 'pending',
  invited_by: 'Pedro Propietario',
  created_at: '2026-11-22T00:00:00.000Z',
  expires_at: '2026-11-29T00:00:00.000Z',
  invitation_url: `http://localhost/invitation/${'a'.repeat(64)}`,
};

/** One use of the save machine: its options, what it edits, what it sends and what it gets. */
interface Configuration {
  name: string;
  options: SaveOptions;
  subject: unknown;
  /** Values the form may send; the first is refused by the form itself when `acceptable` says so. */
  values: unknown[];
  acceptable: (values: unknown) => boolean;
  answer: unknown;
  refusal: RequestFailure;
}

const configurations: Configuration[] = [
  {
    name: 'club form (page, stays editable)',
    options: CLUB_FORM_OPTIONS,
    subject: null,
    values: [{ name: 'Club Nuevo', season_start_month: 1, season_end_month: 12 }],
    acceptable: () => true,
    answer: { id: 9, name: 'Club Nuevo' },
    refusal: {
      status: 400,
      message: 'Revisa los datos del club',
      fieldErrors: { name: 'El nombre del club es obligatorio' },
    },
  },
  {
    name: 'password form (page, shows the answer)',
    options: PASSWORD_FORM_OPTIONS,
    subject: null,
    values: [{ email: 'ana@demo.club' }],
    acceptable: () => true,
    answer: { message: 'Si el correo está registrado, te enviamos un enlace.' },
    refusal: {
      status: 422,
      message: 'El enlace no es válido',
      fieldErrors: { token: 'El enlace no es válido' },
    },
  },
  {
    name: 'member roles (dialog that closes; at least one role)',
    options: MEMBER_ROLES_OPTIONS,
    subject: member,
    values: [[], [4]],
    acceptable: (values) => (values as number[]).length > 0,
    answer: savedMember,
    refusal: { status: 422, message: memberMessages.lastOwner, fieldErrors: {} },
  },
  {
    name: 'invitation (dialog that shows the link)',
    options: INVITATION_CREATE_OPTIONS,
    subject: null,
    values: [{ email: 'nueva@demo.club', role_id: 4 }],
    acceptable: () => true,
    answer: sentInvitation,
    refusal: {
      status: 409,
      message: invitationMessages.alreadyMember,
      fieldErrors: { email: invitationMessages.alreadyMember },
    },
  },
];

type ModelEvent =
  | { type: 'save.open'; subject: unknown }
  | { type: 'save.close' }
  | { type: 'save.submit'; values: unknown }
  | { type: `xstate.${'done' | 'error'}.actor.save`; output?: unknown; error?: unknown };

const eventsFor = (config: Configuration) => (snapshot: AnyMachineSnapshot) => {
  const events: ModelEvent[] = [
    { type: 'save.open', subject: config.subject },
    { type: 'save.close' },
    ...config.values.map((values) => ({ type: 'save.submit' as const, values })),
  ];
  if (snapshot.children.save) {
    events.push({ type: 'xstate.done.actor.save', output: config.answer });
    events.push({ type: 'xstate.error.actor.save', error: new RequestError(config.refusal) });
  }
  return events;
};

/** The reference model of what the screen shows, written from the spec, not the machine. */
interface Expected {
  open: boolean;
  subject: unknown;
  busy: boolean;
  saved: unknown;
  failure: RequestFailure | null;
}

function expectedAfter(config: Configuration, prev: Expected, event: ModelEvent): Expected {
  const { dialog, afterSave } = config.options;
  const closed: Expected = { open: false, subject: null, busy: false, saved: null, failure: null };
  switch (event.type) {
    case 'save.open':
      return dialog && !prev.open ? { ...closed, open: true, subject: event.subject } : prev;
    case 'save.close':
      return dialog && prev.open && !prev.busy ? closed : prev;
    case 'save.submit': {
      const ready = prev.open && !prev.busy && prev.saved === null;
      return ready && config.acceptable(event.values)
        ? { ...prev, busy: true, failure: null }
        : prev;
    }
    case 'xstate.done.actor.save':
      if (afterSave === 'close') return closed;
      return { ...prev, busy: false, saved: afterSave === 'show' ? event.output : null };
    case 'xstate.error.actor.save':
      return { ...prev, busy: false, failure: toRequestFailure(event.error) };
  }
}

interface Effects {
  accepted: unknown[];
  sent: { subject: unknown; values: unknown }[];
  notified: { subject: unknown; output: unknown }[];
}

function checkState(snapshot: AnyMachineSnapshot, expected: Expected, effects: Effects) {
  const s = snapshot as never;
  expect(sel.selectIsOpen(s)).toBe(expected.open);
  expect(sel.selectSubject(s)).toEqual(expected.open ? expected.subject : null);
  expect(sel.selectIsSaving(s)).toBe(expected.busy);
  // One save at a time, from the open form, and not once the answer replaced it.
  expect(sel.selectCanSave(s)).toBe(expected.open && !expected.busy && expected.saved === null);
  expect(sel.selectSaved(s)).toEqual(expected.saved);
  // An old refusal disappears while a new save runs and when the dialog closes.
  expect(sel.selectFailure(s)).toEqual(expected.failure);
  // The server gets every accepted submit once, with the subject edited; nothing else.
  expect(effects.sent.map(({ values }) => values)).toEqual(effects.accepted);
  expect(effects.notified.length).toBeLessThanOrEqual(effects.sent.length);
}

async function walk(config: Configuration, path: ModelPath, coverage: Coverage) {
  const effects: Effects = { accepted: [], sent: [], notified: [] };
  let call: Deferred<unknown> | null = null;
  const logic = saveMachine.provide({
    actors: {
      save: fromPromise<unknown, { subject: unknown; values: unknown }>(({ input }) => {
        effects.sent.push(input);
        call = deferred<unknown>();
        return call.promise;
      }),
    },
    actions: { notifySaved: (_, answer) => void effects.notified.push(answer) },
    guards: { valuesAcceptable: (_, { values }) => config.acceptable(values) },
  });
  const actor = createActor(logic, { input: config.options, inspect: coverage.inspect });
  let expected: Expected = {
    open: !config.options.dialog,
    subject: null,
    busy: false,
    saved: null,
    failure: null,
  };
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else {
      const before = expected;
      expected = expectedAfter(config, expected, event);
      if (event.type === 'save.submit' && expected.busy && !before.busy)
        effects.accepted.push(event.values);
      if (event.type === 'xstate.done.actor.save') call!.resolve(event.output);
      else if (event.type === 'xstate.error.actor.save') call!.reject(event.error);
      else actor.send(event as never);
    }
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    checkState(snapshot, expected, effects);
    // The screen is told once per success, with what the server answered and what was edited.
    if (event.type === 'xstate.done.actor.save') {
      expect(effects.notified.at(-1)).toEqual({
        subject: effects.sent.at(-1)!.subject,
        output: config.answer,
      });
    }
    if (event.type === 'xstate.error.actor.save')
      expect(expected.failure?.message).toBe(config.refusal.message);
  }
  actor.stop();
}

const coverage = new Coverage(saveMachine);
let walked = 0;

for (const config of configurations) {
  describe(`save machine, every path of the model: ${config.name}`, () => {
    // The form's own rule decides which submits reach `saving`, so the plan uses it too.
    const model = saveMachine.provide({
      guards: { valuesAcceptable: (_, { values }) => config.acceptable(values) },
    });
    for (const path of planPaths(model, { input: config.options, events: eventsFor(config) })) {
      it(describePath(path) || '(start)', async () => {
        await walk(config, path, coverage);
        walked++;
      });
    }
  });
}

describe('save uses', () => {
  const values = { name: 'Club Nuevo', season_start_month: 1, season_end_month: 12 };

  it('creates a club, says so, works in it and goes to the list; saves it again', async () => {
    const log: string[] = [];
    const actor = createActor(
      clubFormMachine.provide(
        createClubFormImplementations({
          club: null,
          createClub: async () => ({ id: 9, name: 'Club Nuevo' }) as Club,
          updateClub: () => Promise.reject(new Error('not an edit')),
          joinClub: (club) => log.push(`join ${club.id} ${club.name}`),
          showClubs: () => log.push('list'),
          toast: (message) => log.push(message),
        }),
      ),
      { input: CLUB_FORM_OPTIONS },
    ).start();
    actor.send({ type: 'save.submit', values });
    await settle();
    actor.send({ type: 'save.submit', values });
    await settle();
    expect(log).toEqual([
      'Club creado',
      'join 9 Club Nuevo',
      'list',
      'Club creado',
      'join 9 Club Nuevo',
      'list',
    ]);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('edits a club and stays, saying the changes were saved', async () => {
    const log: string[] = [];
    const club = { id: 3, name: 'Club Norte' } as Club;
    const actor = createActor(
      clubFormMachine.provide(
        createClubFormImplementations({
          club,
          createClub: () => Promise.reject(new Error('not a create')),
          updateClub: async () => club,
          joinClub: () => log.push('join'),
          showClubs: () => log.push('list'),
          toast: (message) => log.push(message),
        }),
      ),
      { input: CLUB_FORM_OPTIONS },
    ).start();
    actor.send({ type: 'save.submit', values });
    await settle();
    expect(log).toEqual(['Cambios guardados']);
  });

  it('never sends an empty list of roles, and names the member in the toast', async () => {
    const sent: unknown[] = [];
    const toasts: string[] = [];
    const actor = createActor(
      memberRolesMachine.provide(
        createMemberRolesImplementations({
          updateMemberRoles: async (change) => {
            sent.push(change);
            return savedMember;
          },
          toast: (message) => toasts.push(message),
        }),
      ),
      { input: MEMBER_ROLES_OPTIONS },
    ).start();
    actor.send({ type: 'save.open', subject: member });
    actor.send({ type: 'save.submit', values: [] });
    expect(sent).toEqual([]);
    actor.send({ type: 'save.submit', values: [4] });
    await settle();
    expect(sent).toEqual([{ userId: 5, roleIds: [4] }]);
    expect(toasts).toEqual(['Roles de Ana Gómez actualizados']);
    expect(sel.selectIsOpen(actor.getSnapshot())).toBe(false);
  });

  it('sends an invitation once and keeps its link to show', async () => {
    const toasts: string[] = [];
    const actor = createActor(
      invitationCreateMachine.provide(
        createInvitationCreateImplementations({
          createInvitation: async () => sentInvitation,
          toast: (message) => toasts.push(message),
        }),
      ),
      { input: INVITATION_CREATE_OPTIONS },
    ).start();
    actor.send({ type: 'save.open', subject: null });
    actor.send({ type: 'save.submit', values: { email: 'nueva@demo.club', role_id: 4 } });
    await settle();
    expect(sel.selectSaved(actor.getSnapshot())).toEqual(sentInvitation);
    expect(toasts).toEqual([invitationMessages.sent('nueva@demo.club')]);
  });

  it('parses the forgot-password form with the contract before sending it', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      passwordFormMachine.provide(
        createForgotPasswordImplementations({
          forgotPassword: async (body) => {
            sent.push(body);
            return { message: 'Revisa tu correo.' };
          },
        }),
      ),
      { input: PASSWORD_FORM_OPTIONS },
    ).start();
    actor.send({ type: 'save.submit', values: { email: 'Ana@Demo.club' } });
    await settle();
    expect(sent).toEqual([{ email: 'ana@demo.club' }]);
    expect(sel.selectSaved(actor.getSnapshot())).toEqual({ message: 'Revisa tu correo.' });
  });
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('save machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
