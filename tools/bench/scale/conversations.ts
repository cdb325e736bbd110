// Generated conversations: a summary for every customer (the Inbox lists them; owned in turn by
// the employees, the last message spread over the book's span) and, for the probe customer, a
// thread of THREAD_MESSAGES messages both ways (the conversation's page is timed on it). Written
// as the product stores them (domain/conversations/store.ts).
import { Timestamp } from 'firebase-admin/firestore';
import {
  CONVERSATION_MESSAGES,
  CONVERSATIONS,
  type EmployeeRef,
} from '../../../functions/src/app/seeding.ts';
import { DAY_MS, type GeneratedCustomer } from './customers.ts';
import { autoId, type Random } from './random.ts';
import type { WriteDocument } from './rest-json.ts';

export const THREAD_MESSAGES = 1_000;
const SUMMARY_SPAN_MS = 90 * DAY_MS;

export function generateConversations(
  rnd: Random,
  nowMs: number,
  customers: readonly GeneratedCustomer[],
  employees: readonly EmployeeRef[],
  probe: GeneratedCustomer,
  out: WriteDocument,
): void {
  customers.forEach((customer, i) => {
    const owner = employees[i % employees.length];
    const lastAt = Timestamp.fromMillis(nowMs - Math.floor(rnd.next() * SUMMARY_SPAN_MS));
    const inbound = rnd.chance(0.5);
    out(
      `${CONVERSATIONS}/${customer.id}`,
      {
        customerId: customer.id,
        customerName: customer.copy.names[0] ?? '',
        phone: customer.copy.phones[0] ?? null,
        ownerId: owner._id,
        ownerName: owner.name,
        lastAt,
        lastText: inbound ? 'Please send the quotation' : 'Sharing the quotation today',
        lastDirection: inbound ? 'in' : 'out',
        lastChannel: 'whatsapp',
        unread: inbound ? 1 + rnd.int(3) : 0,
        ...(inbound ? { lastInboundAt: lastAt } : {}),
      },
      lastAt,
    );
  });
  const start = nowMs - THREAD_MESSAGES * 60_000;
  for (let k = 0; k < THREAD_MESSAGES; k++) {
    const at = Timestamp.fromMillis(start + k * 60_000);
    const inbound = k % 2 === 0;
    out(
      `${CONVERSATION_MESSAGES}/${autoId(rnd)}`,
      {
        customerId: probe.id,
        at,
        direction: inbound ? 'in' : 'out',
        channel: 'whatsapp',
        text: inbound ? `Question ${k} about the 5000 litre tank` : `Answer ${k}: yes, in stock`,
        files: [],
        state: inbound ? 'received' : 'read',
        source: inbound ? 'inbound' : 'reply',
        ...(inbound ? {} : { byName: employees[0]?.name ?? '' }),
      },
      at,
    );
  }
}
