// What the outbox took of a broadcast, read from its own record (`outbox.jsonl` in its folder,
// one line per message it accepted, tools/stack/outbox.ts), set against the broadcast's
// recipients in the send queue: each phone's messages, duplicates, missing, and the pace.
import { existsSync, readFileSync } from 'node:fs';
import { getFirestore } from 'firebase-admin/firestore';

interface OutboxLine {
  at: string;
  channel: string;
  to: string[];
  body?: { biz_opaque_callback_data?: string };
}

export interface OutboxTally {
  /** Messages the outbox took for the broadcast. */
  messages: number;
  /** Phones (digits) that got more than one. */
  duplicates: number;
  /** Recipients to be sent (not skipped) that got none. */
  missing: number;
  /** Recipients whose send is in doubt in the queue (no answer came: 'unknown'). */
  unknown: number;
  /** Recipients the queue settled as failed. */
  failed: number;
  /** Recipients tried more than once (a refusal such as 130429 sent them back to wait). */
  retried: number;
  /** From the first message taken to the last (ms). */
  spanMs: number;
  /** Messages a second from the first to the last. */
  perSecond: number;
  /** Messages taken in each whole second from the first, for the pace's shape. */
  perSecondRuns: number[];
}

/** Send times (ms) per phone's digits of the messages the outbox took for `broadcastId`. */
export function outboxTook(outboxFile: string, broadcastId: string): Map<string, number[]> {
  const took = new Map<string, number[]>();
  if (!existsSync(outboxFile)) return took;
  for (const line of readFileSync(outboxFile, 'utf8').split('\n')) {
    if (!line.includes(broadcastId)) continue;
    let message: OutboxLine;
    try {
      message = JSON.parse(line) as OutboxLine;
    } catch {
      continue; // A line cut by a kill mid-write.
    }
    const tracking = message.body?.biz_opaque_callback_data ?? '';
    if (message.channel !== 'whatsapp' || !tracking.startsWith(`${broadcastId}p`)) continue;
    const phone = message.to[0] ?? '';
    took.set(phone, [...(took.get(phone) ?? []), Date.parse(message.at)]);
  }
  return took;
}

/** The broadcast's recipients in the queue: phone digits, state and tries. */
async function queuedRecipients(broadcastId: string) {
  const docs = await getFirestore()
    .collection('outboundMessages')
    .where('broadcastId', '==', broadcastId)
    .select('to', 'status', 'attempts')
    .get();
  return docs.docs.map((d) => ({
    phone: String(d.get('to')).replace(/\D/g, ''),
    status: String(d.get('status')),
    attempts: Number(d.get('attempts') ?? 0),
  }));
}

export async function tallyOutbox(outboxFile: string, broadcastId: string): Promise<OutboxTally> {
  const took = outboxTook(outboxFile, broadcastId);
  const recipients = await queuedRecipients(broadcastId);
  const toSend = recipients.filter((r) => r.status !== 'skipped' && r.status !== 'cancelled');
  const times = [...took.values()].flat().sort((a, b) => a - b);
  const spanMs = times.length > 1 ? times[times.length - 1] - times[0] : 0;
  const perSecondRuns: number[] = [];
  for (const at of times) {
    const second = Math.floor((at - times[0]) / 1000);
    perSecondRuns[second] = (perSecondRuns[second] ?? 0) + 1;
  }
  return {
    messages: times.length,
    duplicates: [...took.values()].filter((t) => t.length > 1).length,
    missing: toSend.filter((r) => !took.has(r.phone)).length,
    unknown: recipients.filter((r) => r.status === 'unknown').length,
    failed: recipients.filter((r) => r.status === 'failed').length,
    retried: recipients.filter((r) => r.attempts > 1).length,
    spanMs,
    perSecond: spanMs > 0 ? ((times.length - 1) * 1000) / spanMs : NaN,
    perSecondRuns: Array.from(perSecondRuns, (n) => n ?? 0),
  };
}
