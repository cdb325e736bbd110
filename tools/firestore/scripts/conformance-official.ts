/**
 * Runs the conformance suite against the OFFICIAL Firestore emulator, proving that the
 * embedded server and it agree. Uses the gcloud component's emulator
 * (`google-cloud-cli-firestore-emulator`, runs on Java 17) or OFFICIAL_FIRESTORE_EMULATOR.
 * Where neither exists it says so and exits 0: there is nothing to compare against.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

const binary =
  process.env.OFFICIAL_FIRESTORE_EMULATOR ??
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';
if (!existsSync(binary)) {
  console.log(
    `No official Firestore emulator at ${binary}: the comparison run is not possible here.`,
  );
  process.exit(0);
}

const port = await new Promise<number>((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});
const emulator = spawn(binary, ['start', '--host=127.0.0.1', `--port=${port}`], {
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
await new Promise<void>((resolve, reject) => {
  const timer = setTimeout(
    () => reject(new Error('The official emulator did not start in 60 s')),
    60_000,
  );
  const onData = (chunk: Buffer) => {
    if (/Dev App Server is now running|is now running/.test(String(chunk))) {
      clearTimeout(timer);
      resolve();
    }
  };
  emulator.stdout!.on('data', onData);
  emulator.stderr!.on('data', onData);
  emulator.on('exit', (code) => reject(new Error(`The official emulator exited (${code})`)));
});

console.log(
  `Official Firestore emulator on 127.0.0.1:${port}; running the conformance suite against it.`,
);
const run = spawnSync('npx', ['vitest', 'run'], {
  stdio: 'inherit',
  env: { ...process.env, FIRESTORE_EMULATOR_HOST: `127.0.0.1:${port}` },
});
process.kill(-emulator.pid!, 'SIGTERM');
process.exit(run.status ?? 1);
