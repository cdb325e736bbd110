// Lists read only the fields their answers show (CUSTOMER_VIEW_FIELDS, ENTRY_VIEW_FIELDS):
// a field the answer reads but the list does not select would be missing from every list.
import type { DocumentData } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_VIEW_FIELDS, toCustomer } from '../../src/domain/customers/record';
import { ENTRY_VIEW_FIELDS, toEntry } from '../../src/domain/entries/record';

/** The top-level fields `read` asks of a document holding `data`. */
function fieldsRead(data: DocumentData, read: (data: DocumentData) => unknown): string[] {
  const asked = new Set<string>();
  const watched = new Proxy(data, {
    get(target, key) {
      if (typeof key === 'string') asked.add(key);
      return target[key as string] as unknown;
    },
  });
  read(watched);
  return [...asked].sort();
}

describe('the fields a list selects', () => {
  it('hold every field a customer answer reads', () => {
    // A phone makes the answer read the WhatsApp windows too.
    const read = fieldsRead({ phones: ['+919876543210'] }, (d) => toCustomer('c1', d));
    expect(read.filter((f) => !(CUSTOMER_VIEW_FIELDS as readonly string[]).includes(f))).toEqual(
      [],
    );
  });

  it('hold every field an entry answer reads', () => {
    // Empty, every fallback runs (tags, then labels, then tag).
    const read = fieldsRead({}, (d) => toEntry('e1', d));
    expect(read.filter((f) => !(ENTRY_VIEW_FIELDS as readonly string[]).includes(f))).toEqual([]);
    expect(read).toContain('labels');
  });
});
