/**
 * Batches the loads of one request's field resolvers: the keys asked for during one turn
 * of the event loop are loaded by one call (a list of 100 withdrawals reads their
 * approvals in one query, not 100).
 */
const batches = new WeakMap<object, Map<string, { keys: Set<unknown>; result: Promise<Map<unknown, unknown>> }>>();

export function loadInBatch<K, V>(
  context: object,
  name: string,
  key: K,
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  missing: V,
): Promise<V> {
  let byName = batches.get(context);
  if (!byName) {
    byName = new Map();
    batches.set(context, byName);
  }
  let batch = byName.get(name);
  if (!batch) {
    const keys = new Set<unknown>();
    const result = new Promise<Map<unknown, unknown>>((resolve, reject) => {
      setImmediate(() => {
        byName.delete(name);
        loadMany([...keys] as K[]).then(resolve as (value: Map<K, V>) => void, reject);
      });
    });
    batch = { keys, result };
    byName.set(name, batch);
  }
  batch.keys.add(key);
  return batch.result.then((values) => (values.has(key) ? (values.get(key) as V) : missing));
}
