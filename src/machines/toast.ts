/**
 * A toast, as the actors' factories need it (spec §9: `default`, or `destructive` for a
 * refusal, optionally titled: the notification failures are titled 'Error', spec §8);
 * src/components/toaster.tsx shows it and tests pass a fake.
 */
export type Toast = (
  message: string,
  options?: { variant: 'destructive'; title?: string },
) => unknown;
