// The customer's WhatsApp reply accepting a quote ("accept", "Yes, confirm") is a suggestion on
// the quote, never an acceptance: the quote the reply's context names, else (no context) the
// customer's newest sent quote still open. The quote and the reply in the conversation carry
// it until the sales person answers with Accept.
import type { DocumentData } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isAcceptReply } from '../../src/domain/quotes/accept-reply';
import { getDb } from '../../src/firebase';
import { appAs } from '../entries/support';
import { eventually, useMessagingWorld } from '../messaging/support';

const employee = appAs('employee');
const world = useMessagingWorld();
const RAVI = '+919812345678';

const LINE = {
  name: 'Gasket set',
  hsn: '40169390',
  unit: 'Set',
  qty: 2,
  rate: 1249.5,
  gstRate: 12,
};

async function sentQuote(): Promise<{ id: string; wamid: string }> {
  const made = await request(employee)
    .post('/api/quotes')
    .send({ customerId: world.ravi, lines: [LINE] });
  expect(made.status).toBe(201);
  const id = made.body._id as string;
  const before = (await world.sent()).length;
  const sent = await request(employee)
    .post(`/api/quotes/${id}/send`)
    .send({ channels: ['whatsapp'] });
  expect(sent.status).toBe(200);
  const wamid = await eventually(async () => (await world.sent()).at(before)?.id);
  return { id, wamid: wamid! };
}

const quote = async (id: string) => (await request(employee).get(`/api/quotes/${id}`)).body;
const writes = (text: string, contextId?: string) =>
  world.control('inbound', { from: RAVI, text, name: 'Ravi', ...(contextId && { contextId }) });
const lastMessage = async () => {
  const page = await request(employee).get(`/api/customers/${world.ravi}/conversation`);
  return (page.body.messages as DocumentData[]).at(-1);
};

beforeEach(() => {
  vi.stubEnv('PUBLIC_BASE_URL', world.appUrl);
});

describe('the words that accept', () => {
  it.each([
    ['accept', true],
    ['Accept', true],
    ['Yes, confirm', true],
    ['yes confirm 👍', true],
    ['CONFIRMED!', true],
    ['We accept the quotation', true],
    ['ok, please go ahead, confirmed', true],
    ['Agreed, thanks ji', true],
    ['yes', false],
    ['ok', false],
    ['not accepted', false],
    ['Can you confirm the delivery date?', false],
    ['I will confirm after speaking to my partner tomorrow', false],
    ['', false],
  ])('%j accepts: %s', (text, expected) => {
    expect(isAcceptReply(text)).toBe(expected);
  });
});

describe("a customer's reply accepting a quote", () => {
  it("to the quote's own message: a suggestion on that quote and in the conversation, accepted only by Accept", async () => {
    const first = await sentQuote();
    const second = await sentQuote();
    await writes('Yes, confirm', first.wamid);

    const suggested = await quote(first.id);
    expect(suggested.status).toBe('sent');
    expect(suggested.entryId).toBeNull();
    expect(suggested.acceptSuggestion).toMatchObject({ text: 'Yes, confirm' });
    expect((await quote(second.id)).acceptSuggestion).toBeNull();
    const reply = await lastMessage();
    expect(reply).toMatchObject({
      direction: 'in',
      text: 'Yes, confirm',
      acceptSuggestion: { quoteId: first.id, number: suggested.number },
    });
    expect(suggested.acceptSuggestion.conversationMessageId).toBe(reply?._id);
    const entries = await getDb().collection('entries').where('process', '==', 'Quotation').get();
    expect(entries.size).toBe(0);

    const accepted = await request(employee).post(`/api/quotes/${first.id}/accept`).send({});
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    expect(accepted.body.acceptSuggestion).toBeNull();
    // The reply in the conversation asks no more: its button could only answer 409.
    const answered = await lastMessage();
    expect(answered?._id).toBe(reply?._id);
    expect(answered?.acceptSuggestion).toBeUndefined();
  });

  it.each([
    ['declined', (id: string) => request(employee).post(`/api/quotes/${id}/decline`).send({})],
    ['revised', (id: string) => request(employee).post(`/api/quotes/${id}/revise`).send({})],
  ])('%s: the reply in the conversation asks no more', async (_how, answer) => {
    const sent = await sentQuote();
    await writes('accept', sent.wamid);
    expect((await lastMessage())?.acceptSuggestion).toMatchObject({ quoteId: sent.id });
    const answered = await answer(sent.id);
    expect(answered.status).toBeLessThan(300);
    expect((await lastMessage())?.acceptSuggestion).toBeUndefined();
  });

  it('the reply asks no more once the quote is past its validity', async () => {
    const sent = await sentQuote();
    await writes('accept', sent.wamid);
    const reply = await lastMessage();
    expect(reply?.acceptSuggestion).toMatchObject({ quoteId: sent.id });
    await getDb().collection('conversationMessages').doc(reply!._id).update({
      'acceptSuggestion.validUntil': '2020-01-01',
    });
    expect((await lastMessage())?.acceptSuggestion).toBeUndefined();
  });

  it('without a context: the newest sent quote still open; none for other words, another message or an expired quote', async () => {
    const older = await sentQuote();
    const newer = await sentQuote();
    await writes('accept');
    expect((await quote(newer.id)).acceptSuggestion).toMatchObject({ text: 'accept' });
    expect((await quote(older.id)).acceptSuggestion).toBeNull();

    // Words that do not accept, and a reply to a message that is no quote's.
    await writes('Can you confirm the delivery date?');
    const other = await request(employee)
      .post(`/api/customers/${world.ravi}/conversation`)
      .send({ channel: 'whatsapp', text: 'Delivery in 4 weeks' });
    expect(other.status).toBe(201);
    const otherWamid = await eventually(async () => {
      const sent = await world.sent();
      return sent.find((m) => m.summary.includes('Delivery in 4 weeks'))?.id;
    });
    await writes('confirmed', otherWamid);
    expect((await quote(older.id)).acceptSuggestion).toBeNull();
    expect((await quote(newer.id)).acceptSuggestion).toMatchObject({ text: 'accept' });
    expect((await lastMessage())?.acceptSuggestion).toBeUndefined();
  });

  it('makes no suggestion on a quote past its validity', async () => {
    const sent = await sentQuote();
    await getDb().collection('quotes').doc(sent.id).update({ validUntil: '2020-01-01' });
    await writes('yes confirm', sent.wamid);
    const after = await quote(sent.id);
    expect(after.status).toBe('expired');
    expect(after.acceptSuggestion).toBeNull();
    const stored = (await getDb().collection('quotes').doc(sent.id).get()).data();
    expect(stored?.acceptSuggestion).toBeUndefined();
  });
});
