import { fromPromise } from 'xstate';
import type { Member } from '../../contract/members.schema';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * The members screen's 'Cambiar roles' dialog with its effects (STYLE.md §2): the API call
 * is a plain function described here; src/api/members.api.ts's mutation (which refreshes
 * the grid) satisfies it, tests pass fakes.
 */

/** The member whose roles the dialog edits. */
export type MemberToEdit = Pick<Member, 'user_id' | 'name' | 'lastname' | 'roles'>;

/** The dialog opens on a member, saves the checked role ids once, and closes on success. */
export const memberRolesMachine = saveFor<MemberToEdit, number[], Member>();

export const MEMBER_ROLES_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export interface MemberRolesDeps {
  updateMemberRoles: (change: { userId: number; roleIds: number[] }) => Promise<Member>;
  toast: Toast;
}

export function createMemberRolesImplementations(deps: MemberRolesDeps) {
  return {
    actors: {
      save: fromPromise<Member, { subject: MemberToEdit | null; values: number[] }>(({ input }) => {
        if (!input.subject) throw new Error('No member to save');
        return deps.updateMemberRoles({ userId: input.subject.user_id, roleIds: input.values });
      }),
    },
    actions: {
      notifySaved: (_, { output }) =>
        deps.toast(`Roles de ${`${output.name} ${output.lastname}`.trim()} actualizados`),
    },
    guards: {
      // A member keeps at least one role in the club: never an empty list to the server.
      valuesAcceptable: (_, { values }) => values.length > 0,
    },
  } satisfies SaveImplementations<MemberToEdit, number[], Member>;
}
