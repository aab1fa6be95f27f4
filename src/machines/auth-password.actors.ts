import { fromPromise } from 'xstate';
import {
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  type ForgotPasswordRequest,
  type MessageResponse,
  type ResetPasswordRequest,
} from '../../contract/auth.schema';
import { saveFor, type SaveImplementations } from './save.machine';

/*
 * The password screens (forgot, reset) with their effects (STYLE.md §2): each form saves
 * once and then shows the server's message instead of the form.
 */

/** The values of the form, as react-hook-form hands them over; the actor parses them. */
export type PasswordFormValues = Record<string, unknown>;

export const passwordFormMachine = saveFor<never, PasswordFormValues, MessageResponse>();

/** A page, not a dialog; after a save the server's message replaces the form. */
export const PASSWORD_FORM_OPTIONS = { dialog: false, afterSave: 'show' } as const;

/** The password endpoints; src/api/auth.api.ts satisfies them. */
export interface PasswordApi {
  forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse>;
  resetPassword(body: ResetPasswordRequest): Promise<MessageResponse>;
}

type PasswordImplementations = SaveImplementations<never, PasswordFormValues, MessageResponse>;
type PasswordRequest = { subject: never | null; values: PasswordFormValues };

/** Each form parses its values with the contract, so only a request the server accepts is sent. */
export function createForgotPasswordImplementations(api: Pick<PasswordApi, 'forgotPassword'>) {
  return {
    actors: {
      save: fromPromise<MessageResponse, PasswordRequest>(({ input }) =>
        api.forgotPassword(forgotPasswordRequestSchema.parse(input.values)),
      ),
    },
  } satisfies PasswordImplementations;
}

export function createResetPasswordImplementations(api: Pick<PasswordApi, 'resetPassword'>) {
  return {
    actors: {
      save: fromPromise<MessageResponse, PasswordRequest>(({ input }) =>
        api.resetPassword(resetPasswordRequestSchema.parse(input.values)),
      ),
    },
  } satisfies PasswordImplementations;
}
