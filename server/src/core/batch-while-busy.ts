export interface BatchOptions {
  /** Inputs of one batch at most. */
  maxBatchSize?: number;
  /**
   * Batches running at once. Above 1, a statement's wall time (much of it waiting for a
   * CPU on a busy machine) no longer bounds the throughput: PostgreSQL runs the batches
   * on as many backends.
   */
  concurrency?: number;
}

/**
 * Turns a function of many inputs into a function of one: the first call runs at once;
 * calls made while `concurrency` batches are running wait and run together in the next
 * batch. Under load, one statement carries many items (each round trip to the database
 * costs a system call or two whatever it carries); when idle, nothing waits.
 * `runBatch` answers one output per input, in order.
 */
export function batchWhileBusy<I, O>(
  runBatch: (inputs: I[]) => Promise<O[]>,
  { maxBatchSize = 200, concurrency = 1 }: BatchOptions = {},
): (input: I) => Promise<O> {
  type Waiting = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let running = 0;

  const runNext = async (): Promise<void> => {
    if (running >= concurrency || waiting.length === 0) return;
    running += 1;
    const batch = waiting.slice(0, maxBatchSize);
    waiting = waiting.slice(batch.length);
    try {
      const outputs = await runBatch(batch.map((item) => item.input));
      for (const [index, item] of batch.entries()) item.resolve(outputs[index]);
    } catch (error) {
      for (const item of batch) item.reject(error);
    } finally {
      running -= 1;
      void runNext();
    }
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      void runNext();
    });
}
