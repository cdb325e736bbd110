// How many notification streams one session, and one account, may hold open on an instance: a
// page needs one, a person a few tabs. Past the cap the oldest stream is ended (its page
// reconnects after a longer pause), so an account cannot tie up an instance's connections and
// session reads with hundreds.
export const streamCaps = { perSession: 5, perAccount: 10 };

interface OpenStream {
  keys: string[];
  end: () => void;
}

/** The open streams, oldest first, by session and by account. */
const open = new Map<string, OpenStream[]>();

function release(stream: OpenStream): void {
  for (const key of stream.keys) {
    const streams = (open.get(key) ?? []).filter((s) => s !== stream);
    if (streams.length > 0) open.set(key, streams);
    else open.delete(key);
  }
}

/**
 * Counts a new stream under its session and account, ending the oldest past either cap; the
 * stream calls the returned function when it closes.
 */
export function admitStream(session: string, account: string, end: () => void): () => void {
  const caps: [string, number][] = [
    [`session:${session}`, streamCaps.perSession],
    [`account:${account}`, streamCaps.perAccount],
  ];
  const stream: OpenStream = { keys: caps.map(([key]) => key), end };
  for (const key of stream.keys) open.set(key, [...(open.get(key) ?? []), stream]);
  for (const [key, cap] of caps) {
    for (let streams = open.get(key) ?? []; streams.length > cap; streams = open.get(key) ?? []) {
      const oldest = streams[0];
      release(oldest);
      oldest.end();
    }
  }
  return () => release(stream);
}

/** Open streams counted on this instance (tests). */
export function countedStreams(): number {
  return new Set([...open.values()].flat()).size;
}
