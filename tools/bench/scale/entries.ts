// Generated entries, built by the entries feature itself (buildEntryDoc: employeeId, channel
// group, search keys), as the API would have stored them.
import { Timestamp } from 'firebase-admin/firestore';
import { CHANNELS, PROCESSES } from '../../../functions/src/contract/entries.ts';
import {
  buildEntryDoc,
  DEFAULT_CURRENCY,
  ENTRIES,
  type EmployeeRef,
} from '../../../functions/src/app/seeding.ts';
import { DAY_MS, SPAN_MS, type GeneratedCustomer } from './customers.ts';
import { autoId, type Random } from './random.ts';
import type { WriteDocument } from './rest-json.ts';

const CHANNEL_SHARE: [string, number][] = CHANNELS.map((c, i) => [c, [32, 18, 10, 30, 10][i]]);
const PROCESS_SHARE: [string, number][] = PROCESSES.map((p, i) => [
  p,
  [22, 25, 18, 10, 8, 5, 9, 3][i],
]);
const TAGS = ['urgent', 'repeat order', 'export', 'quote sent', 'site visit', 'referral', 'AMC'];
const SUBJECTS = [
  'call about',
  'visit for',
  'quotation for',
  'price revision on',
  'delivery schedule of',
  'installation of',
  'service request for',
  'spares for',
];
const DETAILS = [
  '5000 litre capacity',
  'stainless steel 316',
  'with CIP cleaning',
  'plant expansion',
  'GST invoice asked',
  'needs demo at site',
  'payment in two parts',
  '',
];

/**
 * An entry at a time over the span (more of them lately) for one of the customers created by
 * then, with every channel, status and process in realistic shares, written to `out`; its id.
 */
export function generateEntry(
  rnd: Random,
  nowMs: number,
  customers: readonly GeneratedCustomer[],
  employees: readonly EmployeeRef[],
  out: WriteDocument,
): string {
  // Customers were created on the same curve (customers.ts), so the share `r` of the span
  // elapsed is also the share of customers that existed by then: the entry picks one of those,
  // with a tenth of all entries going to the oldest 1% (the key accounts).
  const r = rnd.next();
  const createdMs = Math.round(nowMs - SPAN_MS + SPAN_MS * Math.sqrt(r));
  const known = Math.max(1, Math.floor(r * customers.length));
  const index = rnd.chance(0.1) ? rnd.int(Math.ceil(known / 100)) : rnd.int(known);
  const customer = customers[index];
  const ageDays = (nowMs - createdMs) / DAY_MS;
  const status = rnd.weighted<string>(
    ageDays < 30
      ? [
          ['pending', 45],
          ['approved', 30],
          ['confirmed', 20],
          ['cancelled', 5],
        ]
      : [
          ['pending', 5],
          ['approved', 35],
          ['confirmed', 45],
          ['cancelled', 15],
        ],
  );
  const process = rnd.weighted(PROCESS_SHARE);
  const category = rnd.pick(customer.copy.categories);
  const employee = rnd.pick(employees);
  const amount = rnd.chance(0.3) ? 0 : Math.round(5_000 * Math.exp(rnd.next() * 7)) / 1;
  const createdAt = Timestamp.fromMillis(createdMs);
  const doc = buildEntryDoc({
    customerId: customer.id,
    customer: customer.copy,
    description: `${process} ${rnd.pick(SUBJECTS)} ${category} ${rnd.pick(DETAILS)}`.trim(),
    tags: rnd.chance(0.3) ? [rnd.pick(TAGS)] : [],
    attachments: [],
    category,
    amount,
    currency: DEFAULT_CURRENCY,
    process,
    extraNote: rnd.chance(0.1) ? 'Customer asked to call after 6 pm' : '',
    channel: rnd.weighted(CHANNEL_SHARE),
    status,
    employee,
    createdBy: employee._id,
    createdByName: employee.name,
    source: 'employee',
    createdAt,
  });
  const id = autoId(rnd);
  out(`${ENTRIES}/${id}`, doc, createdAt);
  return id;
}
