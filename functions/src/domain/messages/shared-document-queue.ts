// One instance's changes of the queued messages that write one shared document, one at a time:
// an entry's WhatsApp and email messages, and the callbacks about them, all write the entry (a
// customer's messages, their conversation summary), and two transactions on one document at
// once make one of them start over (the second time after about a second). Messages that share
// no document (a broadcast's recipients) go side by side.

/**
 * The shared document of each message this instance sends, for the callbacks that follow (they
 * name only the message). Bounded: a callback for a message not here still works, without the
 * queue.
 */
const sharedKeys = new Map<string, string>();
const SHARED_KEYS_MAX = 2_000;

export function rememberSharedDocument(id: string, key: string): void {
  sharedKeys.delete(id);
  sharedKeys.set(id, key);
  const oldest = sharedKeys.keys().next().value;
  if (sharedKeys.size > SHARED_KEYS_MAX && oldest !== undefined) sharedKeys.delete(oldest);
}

/** Per shared document, the change of one of its messages this instance is making. */
const queues = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(key: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!key) return work();
  const running = queues.get(key) ?? Promise.resolve();
  const turn = running.then(work, work);
  const settled = turn.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return turn;
}

/** The document message `id`'s changes share, when this instance sent it lately. */
export function sharedDocumentOf(id: string): string | undefined {
  return sharedKeys.get(id);
}
