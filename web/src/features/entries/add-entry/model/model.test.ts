import { describe, expect, it } from 'vitest';
import type { EntryCustomer } from '../../../../resources/entries';
import { fileLimitError, fixedPdfAttachment, mediaTypeOf } from './attachments';
import { EMPTY_FORM, channelOf, channelText, descriptionFallback, entryBody } from './entry-form';
import { rememberTags } from './saved-tags';

const customer: EntryCustomer = {
  _id: 'c1',
  names: ['Raj Kumar'],
  phones: ['+919876543210', '+919800000000'],
  emails: ['raj@example.in', 'other@example.in'],
  categories: ['PHE'],
  potential: 'HOT',
};
const noContact: EntryCustomer = { ...customer, phones: [], emails: [] };

describe('channelOf', () => {
  it('maps the switches: both multiple, one of them, none manual', () => {
    expect(channelOf(true, true)).toBe('multiple');
    expect(channelOf(true, false)).toBe('whatsapp');
    expect(channelOf(false, true)).toBe('email');
    expect(channelOf(false, false)).toBe('manual');
  });
});

describe('descriptionFallback', () => {
  const both = {
    ...EMPTY_FORM,
    whatsappOwnText: true,
    whatsappText: 'Hi on WhatsApp',
    emailOwnText: true,
    emailBody: 'Hi by email',
  };

  it('takes the WhatsApp text when only WhatsApp is on', () => {
    expect(descriptionFallback({ ...both, whatsappOn: true }, customer)).toBe('whatsapp');
  });

  it('takes the email body when only email is on', () => {
    expect(descriptionFallback({ ...both, emailOn: true }, customer)).toBe('email');
  });

  it('takes the default line with both channels, none, an empty body or no address', () => {
    expect(descriptionFallback({ ...both, whatsappOn: true, emailOn: true }, customer)).toBe(
      'default',
    );
    expect(descriptionFallback(both, customer)).toBe('default');
    expect(descriptionFallback({ ...EMPTY_FORM, whatsappOn: true }, customer)).toBe('default');
    expect(descriptionFallback({ ...both, whatsappOn: true }, noContact)).toBe('default');
    // A channel's text left behind a closed "Different text" is not sent, so it does not count.
    expect(
      descriptionFallback({ ...both, whatsappOwnText: false, whatsappOn: true }, customer),
    ).toBe('default');
  });
});

describe('write once', () => {
  it('sends the message on every channel unless "Different text" is open', () => {
    const form = { ...EMPTY_FORM, description: 'Quote: 40 chairs', whatsappText: 'stale' };
    expect(channelText(form, 'whatsapp')).toBe('Quote: 40 chairs');
    expect(channelText({ ...form, whatsappOwnText: true }, 'whatsapp')).toBe('stale');
    expect(channelText({ ...form, emailOwnText: true }, 'email')).toBe('Quote: 40 chairs');
    const body = entryBody({ ...form, whatsappOn: true, emailOn: true }, customer, []);
    // Empty channel texts: the server sends the message on both.
    expect(body.whatsapp?.body).toBe('');
    expect(body.email?.body).toBe('');
    expect(body.description).toBe('Quote: 40 chairs');
  });
});

describe('entryBody', () => {
  const file = {
    name: 'quote.pdf',
    url: '/api/files/uploads/f1',
    mimetype: 'application/pdf',
    size: 2048,
  };

  it('sends both channels to the first phone and email, with the attachments', () => {
    const body = entryBody(
      {
        ...EMPTY_FORM,
        description: '  Visited the plant ',
        category: 'PHE',
        amount: '1500.5',
        process: 'Quotation',
        tags: ['hot'],
        extraNote: ' call back ',
        whatsappOn: true,
        whatsappTemplateId: ' quote_v2 ',
        whatsappOwnText: true,
        whatsappText: 'Hello',
        emailOn: true,
        emailTemplateId: 't9',
        emailSubject: ' Your quote ',
        emailOwnText: true,
        emailBody: '<p>Dear Raj</p>',
      },
      customer,
      [file],
    );
    expect(body).toEqual({
      customer: 'c1',
      description: 'Visited the plant',
      tags: ['hot'],
      attachments: [file],
      category: 'PHE',
      amount: 1500.5,
      process: 'Quotation',
      extraNote: 'call back',
      channel: 'multiple',
      whatsapp: {
        to: ['+919876543210'],
        body: 'Hello',
        templateId: 'quote_v2',
        attachments: [file],
      },
      email: {
        to: ['raj@example.in'],
        body: '<p>Dear Raj</p>',
        subject: 'Your quote',
        templateId: 't9',
        attachments: [file],
      },
    });
  });

  it('leaves the server its defaults: no amount, subject or template id when empty', () => {
    const body = entryBody({ ...EMPTY_FORM, whatsappOn: true, emailOn: true }, customer, []);
    expect(body).not.toHaveProperty('amount');
    expect(body.whatsapp).not.toHaveProperty('templateId');
    expect(body.email).not.toHaveProperty('subject');
    expect(body.description).toBe('');
  });

  it('sends nothing on a channel the customer has no address for (manual)', () => {
    const body = entryBody({ ...EMPTY_FORM, whatsappOn: true, emailOn: true }, noContact, []);
    expect(body.channel).toBe('manual');
    expect(body).not.toHaveProperty('whatsapp');
    expect(body).not.toHaveProperty('email');
  });
});

describe('attachments', () => {
  it('derives the media type from the mimetype, else the extension', () => {
    expect(mediaTypeOf('image/png', 'x.bin')).toBe('image');
    expect(mediaTypeOf('video/mp4', 'x')).toBe('video');
    expect(mediaTypeOf('application/pdf', 'photo.jpg')).toBe('document');
    expect(mediaTypeOf('', 'photo.JPG')).toBe('image');
    expect(mediaTypeOf('', 'clip.mp4')).toBe('video');
    expect(mediaTypeOf('', 'brochure.pdf')).toBe('document');
  });

  it('checks the upload limits: 10 MB a file, 10 files', () => {
    const small = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    expect(fileLimitError([small], 9)).toBeNull();
    expect(fileLimitError([small, small], 9)).toBe('At most 10 files per entry.');
    expect(fileLimitError([big], 0)).toBe('"big.pdf" is larger than 10 MB (the limit per file).');
  });

  it('turns a fixed PDF into an attachment', () => {
    expect(fixedPdfAttachment({ title: 'Brochure', url: 'https://x.in/b.pdf' })).toEqual({
      name: 'Brochure',
      url: 'https://x.in/b.pdf',
      mimetype: 'application/pdf',
      size: 0,
    });
  });
});

describe('rememberTags', () => {
  it('puts the used tags first, without repeats, keeping at most 12', () => {
    const saved = Array.from({ length: 12 }, (_, i) => `tag${i}`);
    expect(rememberTags(saved, ['new', 'TAG3'])).toEqual([
      'new',
      'TAG3',
      'tag0',
      'tag1',
      'tag2',
      'tag4',
      'tag5',
      'tag6',
      'tag7',
      'tag8',
      'tag9',
      'tag10',
    ]);
  });
});
