import assert from "node:assert/strict";
import { test } from "node:test";
import { batchWhileBusy } from "./batch-while-busy";

test("calls made while a batch runs go together in the next one, answers in order", async () => {
  const batches: number[][] = [];
  const double = batchWhileBusy(
    async (inputs: number[]) => {
      batches.push(inputs);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return inputs.map((input) => input * 2);
    },
    { maxBatchSize: 3 },
  );
  const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((input) => double(input)));
  assert.deepEqual(results, [2, 4, 6, 8, 10, 12, 14]);
  assert.deepEqual(batches, [[1], [2, 3, 4], [5, 6, 7]]);
  assert.equal(await double(8), 16, "an idle batcher runs a call at once");
  assert.deepEqual(batches.at(-1), [8]);
});

test("a failed batch rejects each of its calls, and the next batch still runs", async () => {
  const flaky = batchWhileBusy(async (inputs: string[]) => {
    if (inputs.includes("bad")) throw new Error("batch failed");
    return inputs.map((input) => input.toUpperCase());
  });
  const first = flaky("bad");
  const second = flaky("good");
  await assert.rejects(first, /batch failed/);
  assert.equal(await second, "GOOD");
});

test("with a concurrency of 2, a second batch starts while the first runs, and no third", async () => {
  const batches: number[][] = [];
  let runningNow = 0;
  let mostAtOnce = 0;
  const double = batchWhileBusy(
    async (inputs: number[]) => {
      batches.push(inputs);
      runningNow += 1;
      mostAtOnce = Math.max(mostAtOnce, runningNow);
      await new Promise((resolve) => setTimeout(resolve, 10));
      runningNow -= 1;
      return inputs.map((input) => input * 2);
    },
    { concurrency: 2 },
  );
  const results = await Promise.all([1, 2, 3, 4, 5, 6].map((input) => double(input)));
  assert.deepEqual(results, [2, 4, 6, 8, 10, 12]);
  assert.deepEqual(batches, [[1], [2], [3, 4, 5, 6]]);
  assert.equal(mostAtOnce, 2);
});
