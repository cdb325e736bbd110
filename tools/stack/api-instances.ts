// Which instance of the api function takes a request, as Cloud Run's front end spreads a busy
// service's requests over its instances and sends none to one that is not running.

/** How long an instance that refused a connection gets no requests before it is tried again. */
export const REFUSED_REST_MS = 1000;

export interface ApiInstances {
  /** The instance for the next request; `done` when its answer has ended (once counts). */
  pick(): { port: number; done: () => void };
  /** The instance on `port` refused a connection: it is down (restarting) for now. */
  refused(port: number): void;
}

/**
 * The one with the fewest requests in flight, the next in turn among equals (so each is warm
 * when a crowd comes), skipping those that refused a connection in the last second unless all
 * did. Open notification streams count as requests in flight: they hold a slot in Cloud Run.
 */
export function apiInstances(ports: readonly number[], clock = Date.now): ApiInstances {
  const inFlight = ports.map(() => 0);
  const downUntil = ports.map(() => 0);
  let turn = 0;
  return {
    pick() {
      const at = clock();
      const all = ports.map((_, i) => i);
      const up = all.filter((i) => downUntil[i] <= at);
      const candidates = up.length > 0 ? up : all;
      const inTurn = (i: number) => (i - turn + ports.length) % ports.length;
      const chosen = candidates.reduce((best, i) =>
        inFlight[i] < inFlight[best] || (inFlight[i] === inFlight[best] && inTurn(i) < inTurn(best))
          ? i
          : best,
      );
      turn = (chosen + 1) % ports.length;
      inFlight[chosen]++;
      let open = true;
      return {
        port: ports[chosen],
        done: () => {
          if (open) inFlight[chosen]--;
          open = false;
        },
      };
    },
    refused(port) {
      const i = ports.indexOf(port);
      if (i >= 0) downUntil[i] = clock() + REFUSED_REST_MS;
    },
  };
}
