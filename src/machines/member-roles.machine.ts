import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Member } from '../../contract/members.schema';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

/** The member whose roles the dialog edits. */
export type MemberToEdit = Pick<Member, 'user_id' | 'name' | 'lastname' | 'roles'>;

export interface MemberRolesContext {
  member: MemberToEdit | null;
  /** Why the server refused the last save (e.g. the club's last owner), shown in the dialog. */
  failure: RequestFailure | null;
}

export type MemberRolesEvent =
  | { type: 'roles.edit'; member: MemberToEdit }
  | { type: 'roles.cancel' }
  | { type: 'roles.save'; roleIds: number[] };

export interface SaveRolesInput {
  userId: number;
  roleIds: number[];
}

/**
 * 'Cambiar roles' on /home/admin/users-roles (issue #4): the dialog opens on a member, saves
 * the checked roles (at least one) once, and closes on success (`notifySaved`: a toast and
 * the grid refreshed) or stays open with the server's reason.
 */
export const memberRolesMachine = setup({
  types: {
    context: {} as MemberRolesContext,
    events: {} as MemberRolesEvent,
  },
  actors: {
    save: fromPromise<Member, SaveRolesInput>(() =>
      Promise.reject(new Error('save is not provided')),
    ),
  },
  actions: {
    notifySaved: (_, _params: { member: Member }) => {},
    assignMember: assign((_, { member }: { member: MemberToEdit }) => ({ member, failure: null })),
    assignFailure: assign((_, { error }: { error: unknown }) => ({
      failure: toRequestFailure(error),
    })),
    clear: assign({ member: null, failure: null }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    hasRoles: ({ event }) => event.type === 'roles.save' && event.roleIds.length > 0,
  },
}).createMachine({
  id: 'memberRoles',
  description: "The 'Cambiar roles' dialog: edit a member's roles, save them, or say why not.",
  context: { member: null, failure: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'roles.edit': {
          target: 'editing',
          actions: { type: 'assignMember', params: ({ event }) => ({ member: event.member }) },
        },
      },
    },
    editing: {
      description: 'The checkboxes of the assignable roles; saving needs at least one.',
      on: {
        'roles.cancel': { target: 'closed', actions: 'clear' },
        'roles.save': { guard: 'hasRoles', target: 'saving' },
      },
    },
    saving: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => {
          assertEvent(event, 'roles.save');
          if (!context.member) throw new Error('No member to save');
          return { userId: context.member.user_id, roleIds: event.roleIds };
        },
        onDone: {
          target: 'closed',
          actions: [
            { type: 'notifySaved', params: ({ event }) => ({ member: event.output }) },
            'clear',
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
