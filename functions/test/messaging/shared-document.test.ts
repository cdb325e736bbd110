// Which messages' changes one instance makes one at a time: those that write one shared document
// (an entry's channels write the entry; a customer's messages their conversation summary), and
// not a broadcast's recipients, who share none (one queue for a whole broadcast would hold its
// sends and callbacks to one transaction at a time).
import { describe, expect, it } from 'vitest';
import { sharedDocumentKey } from '../../src/domain/messages/owner';

describe('the document a message shares with others', () => {
  it("is the owner's when the owner shows the message: an entry, a follow-up", () => {
    expect(sharedDocumentKey({ owner: { kind: 'entry', id: 'e1' }, customerId: 'c1' })).toBe(
      'entry/e1',
    );
    expect(sharedDocumentKey({ owner: { kind: 'followUp', id: 'f1' } })).toBe('followUp/f1');
  });

  it("is the customer's conversation for a reply, a quote and a broadcast's recipient", () => {
    expect(sharedDocumentKey({ owner: { kind: 'reply', id: 'c1' }, customerId: 'c1' })).toBe(
      'conversation/c1',
    );
    expect(sharedDocumentKey({ owner: { kind: 'quote', id: 'q1' }, customerId: 'c2' })).toBe(
      'conversation/c2',
    );
    const recipient = (customerId: string) =>
      sharedDocumentKey({ owner: { kind: 'broadcast', id: 'b1' }, customerId });
    expect(recipient('c3')).toBe('conversation/c3');
    expect(recipient('c4')).not.toBe(recipient('c3'));
  });

  it('is none for a message that writes no shared document: a broadcast to a bare phone', () => {
    expect(sharedDocumentKey({ owner: { kind: 'broadcast', id: 'b1' } })).toBeUndefined();
    expect(sharedDocumentKey({ owner: null })).toBeUndefined();
  });
});
