// The outbox as a process of its own, so that the stack's supervisor restarts it after a crash
// on the same port (the functions keep sending to the address they were given):
// `outbox-process.ts DIR PORT CONSOLE_URL`. It calls the console's webhooks back, signed with
// the app secret saved at that moment (kept by a listener).
import { listenedAppSecret } from './app-secret.ts';
import { startOutbox } from './outbox.ts';

const [dir, port, consoleUrl] = process.argv.slice(2);
const outbox = await startOutbox(dir, (line) => console.log(line), Number(port));
outbox.connect({ baseUrl: consoleUrl, appSecret: listenedAppSecret });
console.log(`outbox listening on ${outbox.url}`);

const stop = () => void outbox.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
