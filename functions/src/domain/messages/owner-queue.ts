// One instance's changes of one owner's queued messages, one at a time: an entry's WhatsApp and
// email messages, and the callbacks about them, all write the entry, and two transactions on
// one document at once make one of them start over (the second time after about a second).

/**
 * The owner of each message this instance sends, for the callbacks that follow (they name only
 * the message). Bounded: a callback for a message not here still works, without the queue.
 */
const knownOwners = new Map<string, string>();
const KNOWN_OWNERS_MAX = 2_000;

export function rememberOwner(id: string, ownerPath: string): void {
  knownOwners.delete(id);
  knownOwners.set(id, ownerPath);
  const oldest = knownOwners.keys().next().value;
  if (knownOwners.size > KNOWN_OWNERS_MAX && oldest !== undefined) knownOwners.delete(oldest);
}

/** Per owner, the change of one of its messages this instance is making (recordChange's). */
const ownerQueues = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(ownerPath: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!ownerPath) return work();
  const running = ownerQueues.get(ownerPath) ?? Promise.resolve();
  const turn = running.then(work, work);
  const settled = turn.catch(() => undefined);
  ownerQueues.set(ownerPath, settled);
  void settled.then(() => {
    if (ownerQueues.get(ownerPath) === settled) ownerQueues.delete(ownerPath);
  });
  return turn;
}

/** The owner of message `id`, when this instance sent it lately. */
export function knownOwner(id: string): string | undefined {
  return knownOwners.get(id);
}
