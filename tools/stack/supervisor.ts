import { stopChild, type Child } from './processes.ts';

export interface SupervisedSpec {
  name: string;
  /** Starts the process; `ready` resolves once it serves. */
  start(): Child & { ready: Promise<void> };
}

export interface Supervisor {
  /** Starts a child and keeps it running: a crash is followed by a restart, after a backoff. */
  run(spec: SupervisedSpec): Promise<void>;
  /** Stops every child, last started first. */
  stopAll(): Promise<void>;
  /** The process id of each child now running, by name. */
  pids(): Record<string, number>;
}

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;
/** A child that ran this long before it crashed starts again from the first delay. */
const STABLE_AFTER_MS = 60_000;

/**
 * Keeps the stack's processes up. A child that exits on its own is started again after a
 * delay that doubles with each crash in a row (0.5 s up to 15 s), and the log says so; one
 * that fails to become ready is retried the same way. Stopping ends the restarts first.
 */
export function createSupervisor(log: (line: string) => void): Supervisor {
  const current = new Map<string, Child>();
  const order: string[] = [];
  let stopping = false;

  async function launch(spec: SupervisedSpec): Promise<Child> {
    const child = spec.start();
    current.set(spec.name, child);
    await child.ready;
    return child;
  }

  function watch(spec: SupervisedSpec, child: Child, delay: number): void {
    const started = Date.now();
    void child.exited.then(async (code) => {
      if (stopping || current.get(spec.name) !== child) return;
      let wait = Date.now() - started > STABLE_AFTER_MS ? FIRST_DELAY_MS : delay;
      for (;;) {
        log(`${spec.name} exited (code ${code}); restarting in ${wait / 1000} s`);
        await new Promise((r) => setTimeout(r, wait));
        if (stopping) return;
        try {
          const next = await launch(spec);
          log(`${spec.name} restarted`);
          watch(spec, next, Math.min(wait * 2, MAX_DELAY_MS));
          return;
        } catch (err) {
          log(`${spec.name} did not start: ${err instanceof Error ? err.message : String(err)}`);
          wait = Math.min(wait * 2, MAX_DELAY_MS);
        }
      }
    });
  }

  return {
    async run(spec) {
      order.push(spec.name);
      const child = await launch(spec);
      watch(spec, child, FIRST_DELAY_MS);
    },
    pids() {
      const running = [...current].filter(
        ([, c]) => c.process.exitCode === null && !c.process.signalCode,
      );
      return Object.fromEntries(running.map(([name, c]) => [name, c.process.pid!]));
    },
    async stopAll() {
      stopping = true;
      for (const name of [...order].reverse()) {
        const child = current.get(name);
        if (child) await stopChild(child, 'SIGINT', 20_000);
      }
    },
  };
}
