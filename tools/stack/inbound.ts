// `npm run inbound -- <phone> [text] [name] [--file path] [--reply-to wamid]`: a customer writes
// in on WhatsApp, through the running `npm start` stack's outbox, which posts a signed webhook
// as Meta would: with a file (an image or a PDF, fetched by the app from the outbox's media
// API) and as a reply to an earlier message when asked.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './config.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { file: { type: 'string' }, 'reply-to': { type: 'string' } },
});
const [phone, text = 'Hello, please send me the details', name = ''] = positionals;
if (!phone) {
  console.error(
    'Usage: npm run inbound -- <phone, e.g. +91 98102 45489> [text] [name] [--file image-or.pdf] [--reply-to wamid]',
  );
  process.exit(2);
}
// The number as the console shows it ('+91 98102 45489') or as typed ('98102-45489': India),
// in the E.164 form Meta's webhooks carry.
const digits = phone.replace(/[\s\-().]/g, '');
const from = /^\d{10}$/.test(digits) ? `+91${digits}` : digits;
const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};
let file: { name: string; mimetype: string; base64: string } | undefined;
if (values.file) {
  const mimetype = TYPES[path.extname(values.file).toLowerCase()];
  if (!mimetype) {
    console.error('--file: an image (.png, .jpg, .webp) or a .pdf');
    process.exit(2);
  }
  file = {
    name: path.basename(values.file),
    mimetype,
    base64: readFileSync(values.file).toString('base64'),
  };
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
  body: JSON.stringify({ from, text, name, file, contextId: values['reply-to'] }),
}).catch(() => undefined);
if (!response?.ok) {
  console.error('The outbox did not answer: is npm start still running?');
  process.exit(1);
}
const answer = (await response.json()) as { webhookStatus?: number; error?: string };
console.log(
  answer.error ??
    `${from} wrote "${text}"${file ? ` with ${file.name}` : ''}; the console's webhook answered ${answer.webhookStatus}`,
);
