import { authApi } from '../../api/auth.api';
import { createPasswordActors } from '../../machines/auth.actors';
import { formSubmitMachine } from '../../machines/form-submit.machine';

const actors = createPasswordActors(authApi);

/** The forgot-password form: sends the reset link. */
export const forgotPasswordLogic = formSubmitMachine.provide({
  actors: { submit: actors.requestResetLink },
});

/** The reset-password form: sets the new password. */
export const resetPasswordLogic = formSubmitMachine.provide({
  actors: { submit: actors.resetPassword },
});

export type FormSubmitLogic = typeof formSubmitMachine;
