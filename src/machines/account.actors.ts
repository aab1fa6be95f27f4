import { fromPromise } from 'xstate';
import type { AccountClub } from '../../contract/account.schema';
import type { AuthResponse } from '../../contract/auth.schema';
import type { ClubSettings } from '../../contract/club-settings.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * 'Mi Cuenta' and the club's 'Configuración' (issue #17) with their effects (STYLE.md §2):
 * the shared save and confirm machines, given the API calls as plain functions
 * (src/api/account.api.ts satisfies them; tests pass fakes).
 */

/** The values of a form, as react-hook-form hands them over (already checked). */
export type AccountFormValues = Record<string, unknown>;
type Message = { message: string };
type Request = { subject: never | null; values: AccountFormValues };

/** A form of the account page that stays open after a save (profile, password, settings). */
export const ACCOUNT_FORM_EDIT = { dialog: false, afterSave: 'edit' } as const;
/** A form whose answer replaces it (the e-mail change's "we sent you a link"). */
export const ACCOUNT_FORM_SHOW = { dialog: false, afterSave: 'show' } as const;

export const accountFormMachine = saveFor<never, AccountFormValues, Message>();

/** Any account form: `send` is the API call, `done` what follows the server's answer. */
export function createAccountFormImplementations(deps: {
  send: (values: AccountFormValues) => Promise<Message>;
  done?: (output: Message) => void;
}) {
  return {
    actors: {
      save: fromPromise<Message, Request>(({ input }) => deps.send(input.values)),
    },
    actions: { notifySaved: (_, { output }) => deps.done?.(output) },
  } satisfies SaveImplementations<never, AccountFormValues, Message>;
}

/**
 * Changing the password ends every session, this one too: with the new password the page
 * signs in again (`login`) and hands the new session to the auth actor (`adopt`), so this
 * device stays signed in while the others are out.
 */
export function createPasswordChangeImplementations(deps: {
  changePassword: (values: AccountFormValues) => Promise<Message>;
  login: (email: string, password: string) => Promise<AuthResponse>;
  email: () => string;
  adopt: (response: AuthResponse) => void;
  toast: Toast;
}) {
  return createAccountFormImplementations({
    send: async (values) => {
      const answer = await deps.changePassword(values);
      try {
        deps.adopt(await deps.login(deps.email(), String(values.new_password)));
      } catch {
        // The password did change; only this session ended (the guard sends to /login).
      }
      return answer;
    },
    done: ({ message }) => deps.toast(message),
  });
}

/** Leaving a club: always asked first. */
export const leaveClubMachine = confirmActionFor<AccountClub, Message>();

export function createLeaveClubImplementations(deps: {
  leaveClub: (clubId: number) => Promise<Message>;
  /** Reads the account and the session again (the club left is no longer in them). */
  refresh: () => void;
  toast: Toast;
}) {
  return {
    actors: {
      run: fromPromise<Message, { subject: AccountClub }>(({ input }) =>
        deps.leaveClub(input.subject.id),
      ),
    },
    actions: {
      notifyDone: (_, { output }) => {
        deps.toast(output.message);
        deps.refresh();
      },
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<AccountClub, Message>;
}

/** The club's billing settings ('Configuración'): saved, the form stays. */
export const clubSettingsMachine = saveFor<never, AccountFormValues, ClubSettings>();

export function createClubSettingsImplementations(deps: {
  save: (values: AccountFormValues) => Promise<ClubSettings>;
  toast: Toast;
}) {
  return {
    actors: {
      save: fromPromise<ClubSettings, Request>(({ input }) => deps.save(input.values)),
    },
    actions: { notifySaved: () => deps.toast('Configuración guardada') },
  } satisfies SaveImplementations<never, AccountFormValues, ClubSettings>;
}
