import { authApi } from '../../api/auth.api';
import {
  createForgotPasswordImplementations,
  createResetPasswordImplementations,
  passwordFormMachine,
} from '../../machines/auth-password.actors';

/** The forgot-password form: sends the reset link. */
export const forgotPasswordLogic = passwordFormMachine.provide(
  createForgotPasswordImplementations(authApi),
);

/** The reset-password form: sets the new password. */
export const resetPasswordLogic = passwordFormMachine.provide(
  createResetPasswordImplementations(authApi),
);

export type PasswordFormLogic = typeof passwordFormMachine;
