import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';

export interface Child {
  name: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * Where each child's output is also kept, one file per name (appended across restarts), when
 * the shell names a folder: a quiet stack's (the bench's, a test's) logs are otherwise lost, and
 * with them why a process did what it did mid-run.
 */
function keptLog(name: string) {
  const dir = process.env.CRM_STACK_LOGS;
  if (!dir) return undefined;
  mkdirSync(dir, { recursive: true });
  return createWriteStream(path.join(dir, `${name}.log`), { flags: 'a' });
}

/**
 * Starts a child whose output is prefixed with its name. `ready` resolves when a line matches
 * `readyWhen`, and rejects if the child exits first.
 */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; readyWhen?: RegExp; quiet?: boolean; cwd?: string },
): Child & { ready: Promise<void> } {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group, so that stopping the stack stops the child's children too.
    detached: true,
  });
  let resolveReady!: () => void;
  let rejectReady!: (err: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  if (!options.readyWhen) resolveReady();
  const recent: string[] = [];
  const kept = keptLog(name);
  const onLine = (line: string) => {
    kept?.write(`${new Date().toISOString()} ${line}\n`);
    recent.push(line);
    if (recent.length > 40) recent.shift();
    if (!options.quiet && line.trim()) process.stdout.write(`[${name}] ${line}\n`);
    if (options.readyWhen?.test(line)) resolveReady();
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let buffer = '';
    stream.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  // After its output streams closed: 'exit' may come while lines are still on their way.
  child.on('close', () => kept?.end());
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      rejectReady(
        new Error(`${name} exited (code ${code}) before it was ready:\n${recent.join('\n')}`),
      );
      resolve(code);
    });
  });
  return { name, process: child, exited, ready };
}

/** Asks a child (and its process group) to stop; kills it if it has not after `graceMs`. */
export async function stopChild(
  child: Child,
  signal: NodeJS.Signals,
  graceMs: number,
): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const pid = child.process.pid!;
  const send = (s: NodeJS.Signals) => {
    try {
      process.kill(-pid, s);
    } catch {
      // Already gone.
    }
  };
  send(signal);
  const timer = setTimeout(() => send('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
  // Grandchildren that outlived their parent.
  send('SIGKILL');
}
