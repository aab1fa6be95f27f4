/** The source of "now" for every rule that depends on time, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** `date` plus `ms` milliseconds, as a new Date. */
export const addMs = (date: Date, ms: number): Date => new Date(date.getTime() + ms);
