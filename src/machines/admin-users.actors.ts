import { fromPromise } from 'xstate';
import type { AdminUser } from '../../contract/admin-users.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import type { Toast } from './toast';

/*
 * The Usuarios tab of 'Administración del Sistema' (issue #17): its row actions are the
 * shared confirm-action flow (STYLE.md §2). A lock carries its reason (asked by the screen's
 * reason dialog, so it runs at once); an unlock and a reset e-mail ask first. The API calls
 * are plain functions; src/api/admin-users.api.ts satisfies them. The Clubs tab's are in
 * admin-clubs.actors.ts.
 */

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

export const userLockMachine = confirmActionFor<UserLock, AdminUser>();
export const passwordResetMachine = confirmActionFor<UserRef, string>();

export interface AdminUsersDeps {
  changeLock: (change: { id: number; reason: string | null }) => Promise<AdminUser>;
  sendReset: (id: number) => Promise<string>;
  toast: Toast;
}

const refused =
  (toast: Toast) =>
  (_: unknown, { message }: { message: string }) =>
    toast(message, { variant: 'destructive' });

export function createUserLockImplementations(deps: AdminUsersDeps) {
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

export function createPasswordResetImplementations(deps: AdminUsersDeps) {
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
