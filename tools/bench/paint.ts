/**
 * The dashboard-in-a-browser rows alone, against a stack already running (e.g.
 * `CRM_PORT_OFFSET=2500 npm start`), printed rather than written: for work on the page's paint.
 * `tsx tools/bench/paint.ts --url http://127.0.0.1:7500` (default: npm start's front).
 */
import { parseArgs } from 'node:util';
import { demoAccounts } from '../stack/seed.ts';
import { dashboardPaint, paintSection } from './run/dashboard-paint.ts';

const { values } = parseArgs({
  options: { url: { type: 'string', default: 'http://127.0.0.1:5000' } },
});
const sales = demoAccounts().find((a) => a.role === 'sales');
if (!sales) throw new Error('The demo company has no sales account');
const section = paintSection(await dashboardPaint(values.url, sales));
console.log(section.lines.join('\n'));
for (const { target, met } of section.verdicts) console.log(`${met ? 'met' : 'MISSED'}: ${target}`);
