/** A button in a toast ('Reintentar'): the toast closes when it is pressed. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/**
 * A toast, as the actors' factories need it (spec §9: `default`, or `destructive` for a
 * refusal, optionally titled: the notification failures are titled 'Error', spec §8;
 * optionally with one action, which keeps it up longer); src/components/toaster.tsx shows
 * it and tests pass a fake.
 */
export type Toast = (
  message: string,
  options?: { variant: 'destructive'; title?: string; action?: ToastAction },
) => unknown;
