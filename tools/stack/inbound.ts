// `npm run inbound -- <phone> [text] [name]`: a customer writes in on WhatsApp, through the
// running `npm start` stack's outbox, which posts a signed webhook as Meta would.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './config.ts';

const [from, text = 'Hello, please send me the details', name = ''] = process.argv.slice(2);
if (!from) {
  console.error('Usage: npm run inbound -- <phone in E.164> [text] [name]');
  process.exit(2);
}
let outbox: string;
try {
  outbox = readFileSync(path.join(ROOT, '.emulator-data/outbox/outbox.url'), 'utf8').trim();
} catch {
  console.error('No running stack found: start it with npm start first.');
  process.exit(1);
}
const response = await fetch(`${outbox}/control/inbound`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ from, text, name }),
}).catch(() => undefined);
if (!response?.ok) {
  console.error('The outbox did not answer: is npm start still running?');
  process.exit(1);
}
const answer = (await response.json()) as { webhookStatus?: number; error?: string };
console.log(
  answer.error ?? `${from} wrote "${text}"; the console's webhook answered ${answer.webhookStatus}`,
);
