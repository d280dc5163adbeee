/**
 * How many webhook attempts of one account a worker process runs at once, so that a
 * receiver that hangs or crawls cannot take every worker slot from the other accounts.
 *
 * Each account has a window of attempts in flight. The window opens by one for each
 * attempt that gave its slot back quickly and halves for each that held it longer than
 * `slowMs` (additive increase, multiplicative decrease, as TCP does), between 1 and
 * `max`. A new account starts at `initial`, so even a receiver never seen before cannot
 * fill every slot; a fast receiver soon uses up to `max`, which leaves the rest to other
 * accounts. An attempt beyond a full window waits for a slot of its account while that
 * account's attempts keep giving slots back (a backlog of a fast receiver is then served
 * without requeueing, however deep), and otherwise is put back in the queue (see
 * WebhookDispatcher).
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

interface Waiter {
  grant(granted: boolean): void;
  /** Called when the account gave a slot back quickly to someone else: its slots still turn over. */
  progress(): void;
}

export class AccountWindows {
  private readonly accounts = new Map<string, AccountWindow>();
  private readonly waiters = new Map<string, Waiter[]>();

  constructor(readonly limits: AccountWindowLimits) {}

  /**
   * Takes a slot for the account: at once when its window has room; else, unless its
   * window has narrowed (its attempts are slow), the first slot one of its attempts gives
   * back within `waitMs`, as long as its attempts keep giving slots back: a wait during
   * which none came back for `stallMs` ends (a receiver that hangs holds its waiters no
   * longer than that). False when none came.
   */
  acquire(accountId: string, waitMs: number, stallMs = waitMs): Promise<boolean> {
    if (this.tryAcquire(accountId)) return Promise.resolve(true);
    if (waitMs <= 0 || this.window(accountId) < this.limits.initial) return Promise.resolve(false);
    return new Promise((resolve) => {
      const queue = this.waiters.get(accountId) ?? [];
      this.waiters.set(accountId, queue);
      const giveUp = () => {
        clearTimeout(deadline);
        clearTimeout(stall);
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
        if (queue.length === 0 && this.waiters.get(accountId) === queue) this.waiters.delete(accountId);
        resolve(false);
      };
      const deadline = setTimeout(giveUp, waitMs);
      const stall = setTimeout(giveUp, Math.min(stallMs, waitMs));
      const waiter: Waiter = {
        grant: (granted) => {
          clearTimeout(deadline);
          clearTimeout(stall);
          resolve(granted);
        },
        progress: () => stall.refresh(),
      };
      queue.push(waiter);
    });
  }

  /** Takes a slot for the account; false when its window is full. */
  tryAcquire(accountId: string): boolean {
    let account = this.accounts.get(accountId);
    if (!account) {
      account = { inFlight: 0, window: this.limits.initial };
      this.accounts.set(accountId, account);
    }
    if (account.inFlight >= account.window) return false;
    account.inFlight += 1;
    return true;
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
    const queue = this.waiters.get(accountId);
    if (queue) {
      // Freed slots go to the attempts waiting for them; a narrowed window sends them away.
      while (queue.length > 0 && account.inFlight < account.window) {
        account.inFlight += 1;
        queue.shift()?.grant(true);
      }
      if (account.window < this.limits.initial) for (const waiter of queue.splice(0)) waiter.grant(false);
      // Only a quick answer keeps the others waiting: slow ones mean the slots stop turning over.
      if (heldMs <= this.limits.slowMs) for (const waiter of queue) waiter.progress();
      if (queue.length === 0) this.waiters.delete(accountId);
    }
    // An idle account with nothing to remember is forgotten (the map stays small).
    if (account.inFlight === 0 && account.window === this.limits.initial) this.accounts.delete(accountId);
  }

  inFlight(accountId: string): number {
    return this.accounts.get(accountId)?.inFlight ?? 0;
  }

  window(accountId: string): number {
    return this.accounts.get(accountId)?.window ?? this.limits.initial;
  }
}
