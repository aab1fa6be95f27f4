import { fromPromise } from 'xstate';
import type { AdminClub } from '../../contract/admin-clubs.schema';
import type { AdminUser } from '../../contract/admin-users.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import type { Toast } from './toast';

/*
 * 'Administración del Sistema' (issue #17): its row actions are the shared confirm-action
 * flow (STYLE.md §2). A suspension or a lock carries its reason (asked by the screen's
 * reason dialog, so it runs at once); a reactivation, an unlock and a reset e-mail ask
 * first. The API calls are plain functions; src/api/admin-*.api.ts satisfy them.
 */

/** A club to suspend (`reason`) or reactivate (`reason` null). */
export interface ClubSuspension {
  id: number;
  name: string;
  reason: string | null;
}
/** A user to lock (`reason`) or unlock (`reason` null). */
export interface UserLock {
  id: number;
  name: string;
  reason: string | null;
}
export interface UserRef {
  id: number;
  name: string;
}

export const clubSuspensionMachine = confirmActionFor<ClubSuspension, AdminClub>();
export const userLockMachine = confirmActionFor<UserLock, AdminUser>();
export const passwordResetMachine = confirmActionFor<UserRef, string>();

export interface AdminSystemDeps {
  changeSuspension: (change: { id: number; reason: string | null }) => Promise<AdminClub>;
  changeLock: (change: { id: number; reason: string | null }) => Promise<AdminUser>;
  sendReset: (id: number) => Promise<string>;
  toast: Toast;
}

const refused =
  (toast: Toast) =>
  (_: unknown, { message }: { message: string }) =>
    toast(message, { variant: 'destructive' });

export function createClubSuspensionImplementations(deps: AdminSystemDeps) {
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
      notifyRefused: refused(deps.toast),
    },
  } satisfies ConfirmActionImplementations<ClubSuspension, AdminClub>;
}

export function createUserLockImplementations(deps: AdminSystemDeps) {
  return {
    actors: {
      run: fromPromise<AdminUser, { subject: UserLock }>(({ input: { subject } }) =>
        deps.changeLock({ id: subject.id, reason: subject.reason }),
      ),
    },
    actions: {
      notifyDone: (_, { subject, output }) =>
        deps.toast(
          output.locked_at
            ? `Usuario ${subject.name} bloqueado`
            : `Usuario ${subject.name} desbloqueado`,
        ),
      notifyRefused: refused(deps.toast),
    },
  } satisfies ConfirmActionImplementations<UserLock, AdminUser>;
}

export function createPasswordResetImplementations(deps: AdminSystemDeps) {
  return {
    actors: {
      run: fromPromise<string, { subject: UserRef }>(({ input: { subject } }) =>
        deps.sendReset(subject.id),
      ),
    },
    actions: {
      notifyDone: (_, { subject }) =>
        deps.toast(`Correo de restablecimiento enviado a ${subject.name}`),
      notifyRefused: refused(deps.toast),
    },
  } satisfies ConfirmActionImplementations<UserRef, string>;
}
