// `npm run bench -- --only phone`: the phone rows alone (phone-day.ts), printed rather than
// written: the app built, a stack of the bench's own (its ports, a temporary folder), the demo
// company, a team of accounts, the rows, the stack stopped. Answers whether every target was met.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { savedAppSecret } from '../../stack/app-secret.ts';
import { buildApp } from '../../stack/build.ts';
import { portsFromFirebaseJson } from '../../stack/config.ts';
import { demoAccounts, seedDemoCompany } from '../../stack/seed.ts';
import { startStack } from '../../stack/stack.ts';
import { firestoreControl } from '../scale/load.ts';
import { phoneDay, phoneDaySection, PHONE_SIGNED_IN } from './phone-day.ts';
import { teamAccounts } from './team-accounts.ts';

export async function benchPhoneOnly(
  portOffset: number,
  log: (line: string) => void,
): Promise<boolean> {
  log('building functions and web…');
  buildApp();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'crm-bench-phone-'));
  const ports = portsFromFirebaseJson(portOffset);
  const stack = await startStack({ ports, dataDir: path.join(workDir, 'stack'), quiet: true });
  try {
    Object.assign(process.env, stack.env);
    await seedDemoCompany();
    const sales = demoAccounts().find((a) => a.role === 'sales');
    if (!sales) throw new Error('The demo company has no sales account');
    const section = phoneDaySection(
      await phoneDay(
        {
          baseUrl: stack.url,
          outboxUrl: stack.outboxUrl,
          control: firestoreControl(`127.0.0.1:${ports.firestore}`),
          appSecret: savedAppSecret,
          sales,
          team: await teamAccounts(PHONE_SIGNED_IN),
        },
        log,
      ),
    );
    console.log(section.lines.join('\n'));
    for (const { target, met } of section.verdicts)
      console.log(`${met ? 'met' : 'MISSED'}: ${target}`);
    return section.verdicts.every((v) => v.met);
  } finally {
    await stack.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
