// A broadcast to a few hundred customers, paced slowly enough to be mid-send, survives kill -9s
// of the api instance running its dispatcher and of the embedded Firestore (the supervisor
// starts each again; the every-minute job takes the dispatcher over once the dead holder's
// lease runs out): in the outbox every recipient has exactly one message, and the report counts
// every one of them sent.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Stack } from '../stack.ts';
import { api, killAndWait, seededStackAt, tempDataDir, until } from './support.ts';

const OFFSET = 90;
const RECIPIENTS = 300;
const PER_SECOND = 20;

const phoneOf = (i: number) => `+91976${String(10_000_000 + i).slice(1)}`;

/**
 * The WhatsApp messages the outbox took, by the phone's digits: from its journal in the data
 * folder (GET /messages keeps only the latest 200).
 */
function outboxMessages(dir: string): Map<string, number> {
  const byPhone = new Map<string, number>();
  const journal = path.join(dir, 'outbox', 'outbox.jsonl');
  if (!existsSync(journal)) return byPhone;
  for (const line of readFileSync(journal, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const m = JSON.parse(line) as { channel: string; to: string[] };
    if (m.channel === 'whatsapp') byPhone.set(m.to[0], (byPhone.get(m.to[0]) ?? 0) + 1);
  }
  return byPhone;
}

const sentCount = (dir: string) => [...outboxMessages(dir).values()].reduce((a, b) => a + b, 0);

describe('a broadcast whose processes are killed mid-send', () => {
  const stacks: Stack[] = [];
  const data = tempDataDir();
  afterAll(async () => {
    for (const s of stacks) await s.stop();
    await (await data).remove();
  });

  it('sends every recipient exactly one message', async () => {
    const { dir } = await data;
    const { stack, adminToken: token } = await seededStackAt(OFFSET, dir, { jobs: true });
    stacks.push(stack);

    const phones = Array.from({ length: RECIPIENTS }, (_, i) => phoneOf(i));
    const csv = `Name,Mobile\r\n${phones.map((p, i) => `Crash Test ${i},${p}`).join('\r\n')}\r\n`;
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'customers.csv');
    const imported = await fetch(`${stack.url}/api/customers/import.csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const importAnswer = (await imported.json()) as { created: number };
    expect(imported.status).toBe(200);
    expect(importAnswer.created, JSON.stringify(importAnswer)).toBe(RECIPIENTS);

    const settings = await api(stack, '/admin/settings', {
      method: 'PUT',
      token,
      body: { broadcasts: { throughputPerSecond: PER_SECOND, messagingLimit: null } },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    await fetch(`${stack.outboxUrl}/control/limits`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ throughputPerSecond: PER_SECOND }),
    });
    const made = await api(stack, '/broadcasts', {
      token,
      body: {
        name: 'Crash test offer',
        template: { name: 'season_offer', language: 'en' },
        params: [{ field: 'firstName' }, { text: 'Diwali prices until Sunday.' }],
        audience: { phones },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.audienceCount).toBe(RECIPIENTS);
    const id = made.body._id as string;

    // Started on the first api instance, so that its dispatcher runs there (a 503: the instance
    // shed the call, having done nothing; asked again).
    let started = 503;
    for (let tries = 0; started === 503 && tries < 20; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
      const res = await fetch(`http://127.0.0.1:${stack.apiPorts[0]}/api/broadcasts/${id}/start`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      started = res.status;
    }
    expect(started).toBe(200);

    await until('a first part sent', async () => sentCount(dir) >= 40, 60_000);
    await killAndWait(stack, 'api');
    // The job takes the dispatcher over once the dead holder's lease has run out.
    const atApiKill = sentCount(dir);
    await until('sending again', async () => sentCount(dir) >= atApiKill + 40, 150_000);
    await killAndWait(stack, 'firestore');

    await until(
      'the broadcast done',
      async () => {
        const report = await api(stack, `/broadcasts/${id}`, { token }).catch(() => undefined);
        return report?.body.state === 'done';
      },
      240_000,
    );
    const byPhone = outboxMessages(dir);
    const twice = [...byPhone].filter(([, n]) => n > 1).map(([to]) => to);
    const missing = phones.filter((p) => !byPhone.has(p.slice(1)));
    expect({ twice, missing }).toEqual({ twice: [], missing: [] });
    const report = await api(stack, `/broadcasts/${id}`, { token });
    expect(report.body.counts).toMatchObject({
      queued: 0,
      sent: RECIPIENTS,
      failed: 0,
      skipped: 0,
    });
  });
});
