// What an inbound WhatsApp message says as people read it: a file travels beside its text, so
// the text is its caption, or what the file is when it has none, never a "[image]" prefix.
import { describe, expect, it } from 'vitest';
import { describeMessage } from '../../src/features/inbound/whatsapp-webhook';

describe('an inbound message in words', () => {
  it.each([
    [{ type: 'text', text: { body: 'Need 50 tanks' } }, 'Need 50 tanks'],
    [{ type: 'image', image: { id: 'm1', caption: 'see attached' } }, 'see attached'],
    [{ type: 'image', image: { id: 'm1' } }, 'Photo'],
    [{ type: 'audio', audio: { id: 'm2' } }, 'Voice message'],
    [
      { type: 'document', document: { id: 'm3', filename: 'PO-4411.pdf', caption: 'Our PO' } },
      'Our PO',
    ],
    [{ type: 'document', document: { id: 'm3', filename: 'PO-4411.pdf' } }, 'PO-4411.pdf'],
    [{ type: 'document', document: { id: 'm3' } }, 'Document'],
    [{ type: 'button', button: { text: 'STOP', payload: 'stop' } }, 'STOP'],
    [
      { type: 'location', location: { name: 'Plant 2', latitude: 18.5, longitude: 73.8 } },
      'Location: Plant 2 18.5,73.8',
    ],
  ])('%j reads %j', (message, words) => {
    expect(describeMessage(message)).toBe(words);
  });

  it('is nothing for a reaction (no new message), and says so for a type it cannot show', () => {
    expect(describeMessage({ type: 'reaction', reaction: { emoji: '+1' } })).toBeUndefined();
    expect(describeMessage({ type: 'order', order: {} })).toBe(
      'A message WhatsApp sent as "order", which the console cannot show',
    );
  });
});
