/** The time the service reads where a test must set it (scheduled payouts): one object, shared. */
export interface Clock {
  now(): Date;
}

export const systemClock = (): Clock => ({ now: () => new Date() });
