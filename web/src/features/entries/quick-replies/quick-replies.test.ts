import { describe, expect, it } from 'vitest';
import type { SavedReply } from '../../../resources/saved-replies';
import type { Template } from '../../../resources/templates';
import { fillQuickReply, quickReplies, quickReplyQuery } from './quick-replies';

const template = (patch: Partial<Template>): Template => ({
  _id: patch.title ?? 'x',
  type: 'text',
  title: 'x',
  content: '',
  ...patch,
});

const TEMPLATES = [
  template({ title: 'Thank you', content: 'Thank you, {{name}}. Regards, {{company}}' }),
  template({ title: 'Quotation follow-up', content: 'Following up on the quotation.' }),
  template({ type: 'email', title: 'Thanks by email', content: 'Dear {{name}}' }),
  template({
    type: 'whatsapp',
    title: 'Payment reminder',
    content: 'A gentle reminder.',
    approved: { name: 'order_update', language: 'en', textParam: 1, nameParam: null },
  }),
  template({ type: 'whatsapp', title: 'Greeting', content: 'Namaste {{name}}' }),
];

const BROCHURE = {
  name: 'brochure.pdf',
  url: '/api/files/uploads/b1',
  mimetype: 'application/pdf',
  size: 9,
};
const SAVED: SavedReply[] = [
  {
    _id: 's1',
    title: 'Brochure',
    content: 'Dear {{name}}, our brochure.',
    attachment: BROCHURE,
    createdAt: null,
  },
];

describe('quick replies', () => {
  it('open on a "/" at the start of an otherwise empty box, and search by what follows', () => {
    expect(quickReplyQuery('/')).toBe('');
    expect(quickReplyQuery('/Thank ')).toBe('thank');
    expect(quickReplyQuery('Price is 5/unit')).toBeNull();
    expect(quickReplyQuery('/thanks\nand more')).toBeNull();
  });

  it("list the text and WhatsApp templates whose title has the words, never email's", () => {
    expect(quickReplies(TEMPLATES, [], 'th', false).map((t) => t.title)).toEqual(['Thank you']);
    expect(quickReplies(TEMPLATES, [], '', false).map((t) => t.title)).toEqual([
      'Thank you',
      'Quotation follow-up',
      'Payment reminder',
      'Greeting',
    ]);
  });

  it("outside WhatsApp's window offer only templates linked to an approved one, no saved reply", () => {
    expect(quickReplies(TEMPLATES, SAVED, '', true).map((t) => t.title)).toEqual([
      'Payment reminder',
    ]);
  });

  it("fill the customer's name and leave the company to the server", () => {
    const [thanks] = quickReplies(TEMPLATES, [], 'thank you', false);
    expect(fillQuickReply(thanks, 'Ravi $1')).toEqual({
      text: 'Thank you, Ravi $1. Regards, {{company}}',
      whatsappTemplateId: '',
      attachment: null,
    });
    const [reminder] = quickReplies(TEMPLATES, [], 'payment', false);
    expect(fillQuickReply(reminder, 'Ravi').whatsappTemplateId).toBe('Payment reminder');
  });

  it('fill {name} typed with single braces as {{name}}', () => {
    const [greeting] = quickReplies(
      [template({ title: 'Hello', content: 'Hi {name}, from {company}' })],
      [],
      '',
      false,
    );
    expect(fillQuickReply(greeting, 'Ravi').text).toBe('Hi Ravi, from {company}');
  });

  it("list the person's own saved replies first, each bringing its file", () => {
    expect(quickReplies(TEMPLATES, SAVED, 'b', false).map((t) => t.title)).toEqual(['Brochure']);
    const [first] = quickReplies(TEMPLATES, SAVED, '', false);
    expect(fillQuickReply(first, 'Ravi')).toEqual({
      text: 'Dear Ravi, our brochure.',
      whatsappTemplateId: '',
      attachment: BROCHURE,
    });
  });
});
