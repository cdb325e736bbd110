// The Auth emulator keeps accounts in memory and writes them out only on a clean exit. The
// keeper stands on the Auth port in front of it: it passes every call through, and after a
// call that may have changed accounts it writes all of them to disk before it answers, so an
// account that was acknowledged survives a kill -9 of any process.
//
// The emulator's import stamps every account it loads as valid only from the moment of the
// import (validSince), which would revoke every session signed in before a restart. So
// after each start the keeper gives each imported account back its saved validSince, and holds
// calls until it has: a signed-in user keeps working across a restart of the Auth emulator.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { writeSynced } from '../firestore/src/persist/synced-files.ts';

/**
 * Calls that read, sign in or mint session cookies (tokens issued before sessions stopped using
 * them are still checked by theirs): they change no account (a sign-in moves
 * lastLoginAt, which need not survive).
 */
const READ_ONLY =
  /(accounts:(lookup|query|batchGet|signInWithPassword|sendOobCode)|:createSessionCookie)$|\/token$|\/config$|\/tenants$/;

const SNAPSHOT = /^auth-(\d+)$/;

/**
 * The newest complete account snapshot in `dataDir` (in the emulators' export layout, for
 * `firebase emulators:start --import`), or the folder a clean exit of an earlier version wrote.
 */
export function latestAuthSnapshot(dataDir: string): string | undefined {
  const snapshots = existsSync(dataDir)
    ? readdirSync(dataDir)
        .map((name) => SNAPSHOT.exec(name))
        .filter((m): m is RegExpExecArray => m !== null)
        .sort((a, b) => Number(b[1]) - Number(a[1]))
    : [];
  if (snapshots.length > 0) return path.join(dataDir, snapshots[0][0]);
  const legacy = path.join(dataDir, 'firebase');
  return existsSync(path.join(legacy, 'firebase-export-metadata.json')) ? legacy : undefined;
}

export interface AuthKeeper {
  /**
   * Holds calls while the emulator started from `snapshot` comes up and its accounts get their
   * saved validSince back; the emulator is returned with a `ready` that waits for that too.
   */
  reopenAfter<T extends { ready: Promise<void> }>(emulator: T, snapshot: string | undefined): T;
  stop(): Promise<void>;
}

/** Accounts restored at once: enough to be quick, few enough not to crowd the emulator. */
const RESTORE_CONCURRENCY = 16;

/**
 * Listens on `port` and forwards to the Auth emulator at `target` (host:port). Snapshots go to
 * `dataDir/auth-<n>`: written under a temporary name and renamed, older ones removed after.
 */
export async function startAuthKeeper(options: {
  port: number;
  target: () => string;
  project: string;
  dataDir: string;
  log: (line: string) => void;
}): Promise<AuthKeeper> {
  const { project, dataDir } = options;
  mkdirSync(dataDir, { recursive: true });
  const latest = latestAuthSnapshot(dataDir);
  let sequence = Number(SNAPSHOT.exec(path.basename(latest ?? ''))?.[1] ?? 0);

  async function snapshot(): Promise<void> {
    const get = async (route: string) => {
      const res = await fetch(`http://${options.target()}${route}`, {
        headers: { Authorization: 'Bearer owner' },
      });
      if (!res.ok) throw new Error(`${route} answered ${res.status}`);
      return res.text();
    };
    const accounts = await get(
      `/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:batchGet?maxResults=-1`,
    );
    const config = await get(`/emulator/v1/projects/${project}/config`);
    sequence += 1;
    const folder = path.join(dataDir, `auth-${sequence}`);
    const tmp = `${folder}.tmp`;
    await rm(tmp, { recursive: true, force: true });
    mkdirSync(path.join(tmp, 'auth_export'), { recursive: true });
    await writeSynced(path.join(tmp, 'auth_export', 'accounts.json'), accounts);
    await writeSynced(path.join(tmp, 'auth_export', 'config.json'), config);
    await writeSynced(
      path.join(tmp, 'firebase-export-metadata.json'),
      JSON.stringify({
        version: 'auth-keeper',
        auth: { version: 'auth-keeper', path: 'auth_export' },
      }),
    );
    await rename(tmp, folder);
    for (const name of readdirSync(dataDir)) {
      const m = SNAPSHOT.exec(name);
      if ((m && Number(m[1]) < sequence) || name === 'firebase')
        rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
  }

  const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

  async function restoreValidSince(snapshot: string): Promise<void> {
    const file = path.join(snapshot, 'auth_export', 'accounts.json');
    if (!existsSync(file)) return;
    const { users = [] } = JSON.parse(await readFile(file, 'utf8')) as {
      users?: { localId: string; validSince?: string }[];
    };
    const pending = users.filter((u) => u.validSince);
    const update = `http://${options.target()}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:update`;
    const worker = async () => {
      for (let user = pending.pop(); user; user = pending.pop()) {
        // An owner's update copies validSince as given (an ordinary one would set it to now).
        const res = await fetch(update, {
          method: 'POST',
          headers: owner,
          body: JSON.stringify({ localId: user.localId, validSince: user.validSince }),
        });
        if (!res.ok) throw new Error(`accounts:update answered ${res.status}: ${await res.text()}`);
      }
    };
    await Promise.all(Array.from({ length: RESTORE_CONCURRENCY }, worker));
  }

  // Calls wait for this: the running emulator is up and its accounts restored (or failed to be).
  let opened: Promise<void> = Promise.resolve();

  // Changes that arrive while a snapshot is written share the next one.
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  function persist(): Promise<void> {
    if (!running) {
      running = snapshot().finally(() => (running = undefined));
      return running;
    }
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined;
        return persist();
      });
    return next;
  }

  const server = http.createServer((req, res) => {
    // The body waits in the socket until it is piped on.
    void opened.then(() => forward(req, res));
  });

  function forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const changes = req.method !== 'GET' && !READ_ONLY.test((req.url ?? '').split('?')[0]);
    const [host, port] = options.target().split(':');
    const upstream = http.request(
      { host, port: Number(port), method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const relay = () => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        };
        if (!changes || (answer.statusCode ?? 500) >= 400) return relay();
        // The answer waits (buffered by the socket) until the change is on disk.
        answer.pause();
        persist().then(relay, (err: unknown) => {
          options.log(`could not save the accounts: ${String(err)}`);
          answer.resume();
          res.writeHead(503, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: { code: 503, message: 'Accounts could not be saved' } }));
        });
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) return res.destroy();
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ error: { code: 503, message: 'The Auth emulator is not running' } }),
      );
    });
    req.pipe(upstream);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  return {
    reopenAfter(emulator, snapshot) {
      // A failed restore leaves the emulator serving: its users sign in again.
      const ready = emulator.ready.then(async () => {
        if (!snapshot) return;
        await restoreValidSince(snapshot).catch((err: unknown) =>
          options.log(`could not restore when sessions became valid: ${String(err)}`),
        );
      });
      opened = ready.catch(() => {});
      return { ...emulator, ready };
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
