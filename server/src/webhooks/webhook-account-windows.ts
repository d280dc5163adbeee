/**
 * How many webhook attempts of one account a worker process runs at once, so that a
 * receiver that hangs or crawls cannot take every worker slot from the other accounts.
 *
 * Each account has a window of attempts in flight. The window opens by one for each
 * attempt that gave its slot back quickly and halves for each that held it longer than
 * `slowMs` (additive increase, multiplicative decrease, as TCP does), between 1 and
 * `max`. A new account starts at `initial`, so even a receiver never seen before cannot
 * fill every slot; a fast receiver soon uses up to `max`, which leaves the rest to other
 * accounts. The delivery loop claims no more of an account's events than its window has
 * room for (webhook-delivery-loop.ts): the rest stay in the table until a slot comes back.
 * The windows are per process and kept in memory: they only share out this process's
 * slots, they hold no state that matters after a restart.
 */
export interface AccountWindowLimits {
  initial: number;
  max: number;
  /** An attempt holding its slot longer than this counts as slow. */
  slowMs: number;
}

/** A quarter of the worker's slots for a new account, three quarters at most for any. */
export function accountWindowLimits(workerConcurrency: number, timeoutMs: number): AccountWindowLimits {
  const quarter = Math.floor(workerConcurrency / 4);
  return {
    initial: Math.max(1, quarter),
    max: Math.max(1, workerConcurrency - quarter),
    slowMs: Math.max(1, Math.floor(timeoutMs / 2)),
  };
}

interface AccountWindow {
  inFlight: number;
  window: number;
}

/** What a claim may take per account: `room` for each of `accounts`, `limits.initial` for any other. */
export interface AccountRooms {
  accounts: string[];
  rooms: number[];
}

export class AccountWindows {
  private readonly accounts = new Map<string, AccountWindow>();

  constructor(readonly limits: AccountWindowLimits) {}

  /** Takes a slot for the account; false when its window is full. */
  tryAcquire(accountId: string): boolean {
    if (this.room(accountId) <= 0) return false;
    this.take(accountId);
    return true;
  }

  /**
   * Takes a slot whether or not the window has room: for an attempt already claimed, whose
   * window narrowed while the claim ran (it is sent all the same; the window soon catches up).
   */
  take(accountId: string): void {
    let account = this.accounts.get(accountId);
    if (!account) {
      account = { inFlight: 0, window: this.limits.initial };
      this.accounts.set(accountId, account);
    }
    account.inFlight += 1;
  }

  /** Gives the slot back, widening or narrowing the window by how long it was held. */
  release(accountId: string, heldMs: number): void {
    const account = this.accounts.get(accountId);
    if (!account) return;
    account.inFlight -= 1;
    account.window =
      heldMs > this.limits.slowMs
        ? Math.max(1, Math.floor(account.window / 2))
        : Math.min(this.limits.max, account.window + 1);
    // An idle account with nothing to remember is forgotten (the map stays small).
    if (account.inFlight === 0 && account.window === this.limits.initial) this.accounts.delete(accountId);
  }

  /** Slots the account may still take (0 or less when its window is full). */
  room(accountId: string): number {
    const account = this.accounts.get(accountId);
    return account ? account.window - account.inFlight : this.limits.initial;
  }

  /**
   * The room of every account that has attempts in flight or a window narrowed below
   * `initial`; any other account has `initial` (an idle account whose window widened
   * starts from there again, which only asks less of it).
   */
  rooms(): AccountRooms {
    const accounts: string[] = [];
    const rooms: number[] = [];
    for (const [id, account] of this.accounts) {
      if (account.inFlight === 0 && account.window >= this.limits.initial) continue;
      accounts.push(id);
      rooms.push(Math.max(0, account.window - account.inFlight));
    }
    return { accounts, rooms };
  }

  inFlight(accountId: string): number {
    return this.accounts.get(accountId)?.inFlight ?? 0;
  }

  window(accountId: string): number {
    return this.accounts.get(accountId)?.window ?? this.limits.initial;
  }
}
