/**
 * A toast, as the actors' factories need it (spec §9: `default`, or `destructive` for a
 * refusal); notistack's `enqueueSnackbar` satisfies it and tests pass a fake.
 */
export type Toast = (message: string, options?: { variant: 'destructive' }) => unknown;
