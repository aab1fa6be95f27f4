import type { SnapshotFrom } from 'xstate';
import type { formSubmitMachine } from './form-submit.machine';

type FormSubmitSnapshot = SnapshotFrom<typeof formSubmitMachine>;

export const selectIsSubmitting = (snapshot: FormSubmitSnapshot) => snapshot.hasTag('loading');

export const selectCanSubmit = (snapshot: FormSubmitSnapshot) =>
  snapshot.can({ type: 'form.submit', values: {} });

export const selectSucceeded = (snapshot: FormSubmitSnapshot) => snapshot.matches('succeeded');

export const selectSuccessMessage = (snapshot: FormSubmitSnapshot) => snapshot.context.message;

export const selectFailure = (snapshot: FormSubmitSnapshot) => snapshot.context.failure;
