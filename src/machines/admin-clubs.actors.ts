import { fromPromise } from 'xstate';
import type { AdminClub } from '../../contract/admin-clubs.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import type { Toast } from './toast';

/*
 * The Clubs tab of 'Administración del Sistema' (issue #17): its row action is the shared
 * confirm-action flow (STYLE.md §2). A suspension carries its reason (asked by the screen's
 * reason dialog, so it runs at once); a reactivation asks first. The API call is a plain
 * function; src/api/admin-clubs.api.ts satisfies it. The Usuarios tab's are in
 * admin-users.actors.ts.
 */

/** A club to suspend (`reason`) or reactivate (`reason` null). */
export interface ClubSuspension {
  id: number;
  name: string;
  reason: string | null;
}

export const clubSuspensionMachine = confirmActionFor<ClubSuspension, AdminClub>();

export interface AdminClubsDeps {
  changeSuspension: (change: { id: number; reason: string | null }) => Promise<AdminClub>;
  toast: Toast;
}

export function createClubSuspensionImplementations(deps: AdminClubsDeps) {
  return {
    actors: {
      run: fromPromise<AdminClub, { subject: ClubSuspension }>(({ input: { subject } }) =>
        deps.changeSuspension({ id: subject.id, reason: subject.reason }),
      ),
    },
    actions: {
      notifyDone: (_, { output }) =>
        deps.toast(
          output.status === 'suspended'
            ? `Club «${output.name}» suspendido`
            : `Club «${output.name}» reactivado`,
        ),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<ClubSuspension, AdminClub>;
}
