// Work that meets one document per key (a sign-in counter per address, a quote series' counter)
// done in batches: the items of a key that come while its batch runs go in the next one, in the
// order they came, so an instance has one write or transaction on that document at a time
// instead of one per item, each losing to the others.

/**
 * Answers a function that queues `item` under `key`. `run` settles each item of its batch (at
 * most `most` items) and answers those to go ahead of the next batch (tries still waiting for a
 * place), if any.
 */
export function batchesPerKey<T>(
  run: (key: string, batch: T[]) => Promise<T[] | void>,
  most = Infinity,
): (key: string, item: T) => void {
  const queues = new Map<string, T[]>();
  return (key, item) => {
    const queued = queues.get(key);
    if (queued) {
      queued.push(item);
      return;
    }
    const items = [item];
    queues.set(key, items);
    void (async () => {
      try {
        while (items.length > 0) {
          const again = await run(key, items.splice(0, most));
          if (again) items.unshift(...again);
        }
      } finally {
        queues.delete(key);
      }
    })();
  };
}
