import { describe, expect, it } from 'vitest';
import { entry } from '../test/entries-fixtures';
import { editError, editUpdate, initialEditForm, NEEDS_CONTACT } from './edit-form';
import {
  firstOf,
  historyTone,
  sendStatusLabel,
  sendStatusTone,
  statusOf,
  statusTone,
} from './entry-view';
import {
  CHANNEL_MESSAGE,
  DAYS_MESSAGE,
  TIME_MESSAGE,
  followUpError,
  followUpRequest,
  initialFollowUpForm,
} from './follow-up-form';
import { NO_EMAIL, NO_PHONE } from './shared/recipients';
import { EMPTY_FILTERS } from './constants';
import { hasFilters, isDebounced } from './list-params';

describe('follow-up form', () => {
  const raj = entry({
    _id: 'e1',
    attachments: [
      { name: 'quote.pdf', url: '/api/files/uploads/f1', mimetype: 'application/pdf', size: 2048 },
    ],
  });

  it('defaults to 3 days and checks the rules in order', () => {
    const form = initialFollowUpForm(raj);
    expect(form.preset).toBe('3');
    expect(followUpError(form, raj)).toBe(CHANNEL_MESSAGE);
    expect(followUpError({ ...form, preset: 'custom', customDays: '' }, raj)).toBe(DAYS_MESSAGE);
    expect(followUpError({ ...form, preset: 'custom', customDays: '0' }, raj)).toBe(DAYS_MESSAGE);
    expect(followUpError({ ...form, preset: 'custom', customDays: '-2' }, raj)).toBe(DAYS_MESSAGE);
    // The server's limit is a year: 400 days would come back as its 400.
    const withEmail = { ...form, email: true, preset: 'custom' };
    expect(followUpError({ ...withEmail, customDays: '400' }, raj)).toBe(DAYS_MESSAGE);
    expect(followUpError({ ...withEmail, customDays: '365' }, raj)).toBeNull();
    expect(followUpError({ ...form, email: true }, raj)).toBeNull();
    const noContacts = entry({ customer: { ...raj.customer, phones: [], emails: [] } });
    expect(followUpError({ ...form, email: true }, noContacts)).toBe(NO_EMAIL);
    expect(followUpError({ ...form, whatsapp: true }, noContacts)).toBe(NO_PHONE);
  });

  it('builds the request: due time, the first email and phone, texts falling back to the note', () => {
    const form = {
      ...initialFollowUpForm(raj),
      preset: 'custom',
      customDays: '10',
      note: ' Call back ',
      email: true,
      subject: 'Quote',
      whatsapp: true,
      whatsappOwnText: true,
      whatsappText: 'Hello',
      // A text left behind a closed "Different text" does not go.
      emailText: 'stale',
      attachmentUrls: ['/api/files/uploads/f1'],
    };
    const now = Date.UTC(2025, 0, 1);
    expect(followUpError({ ...form, time: '25:00' }, raj)).toBe(TIME_MESSAGE);
    expect(followUpRequest(form, raj, now)).toEqual({
      days: 10,
      time: '10:00',
      when: '2025-01-11T00:00:00.000Z',
      note: 'Call back',
      send: {
        email: { templateId: '', subject: 'Quote', text: 'Call back', to: ['raj@example.in'] },
        whatsapp: { templateId: '', text: 'Hello', to: ['+919876543210'] },
      },
      attachments: [{ ...raj.attachments[0], to: { email: true, whatsapp: true } }],
      entryId: 'e1',
    });
    expect(followUpRequest({ ...form, whatsapp: false }, raj, now).send.whatsapp).toBeNull();
  });
});

describe('edit form', () => {
  const raj = entry({
    tags: ['hot lead', 'pumps'],
    attachments: [
      { name: 'a.pdf', url: '/api/files/uploads/a', mimetype: 'application/pdf', size: 1 },
      { name: 'b.png', url: '/api/files/uploads/b', mimetype: 'image/png', size: 1 },
    ],
  });

  it('sends lists split on lines and commas, and only the kept attachments', () => {
    const form = {
      ...initialEditForm(raj),
      tags: 'a, b;c',
      names: 'Raj\nRaj Kumar Dairy',
      keptUrls: ['/api/files/uploads/b'],
    };
    const update = editUpdate(form, raj);
    expect(update.tags).toEqual(['a', 'b', 'c']);
    expect(update.customer.names).toEqual(['Raj', 'Raj Kumar Dairy']);
    expect(update.attachments.map((a) => a.name)).toEqual(['b.png']);
  });

  it('sends the channel only when it is one of the list (an older word stays as it is)', () => {
    const form = initialEditForm(raj);
    expect(editUpdate({ ...form, channel: 'email' }, raj).channel).toBe('email');
    const update = editUpdate({ ...form, channel: 'sms' }, raj);
    expect('channel' in update).toBe(false);
  });

  it('shows a stored amount, sends the typed one and an emptied one as 0', () => {
    expect(initialEditForm(entry({ amount: 0 })).amount).toBe('');
    const form = initialEditForm(entry({ amount: 25000 }));
    expect(form.amount).toBe('25000');
    expect(editUpdate({ ...form, amount: ' 1500.5 ' }, raj).amount).toBe(1500.5);
    expect(editUpdate({ ...form, amount: '' }, raj).amount).toBe(0);
  });

  it('needs at least one name, phone or email', () => {
    const form = { ...initialEditForm(raj), names: ' ', phones: '', emails: ',' };
    expect(editError(form)).toBe(NEEDS_CONTACT);
    expect(editError(initialEditForm(raj))).toBeNull();
  });
});

describe('entry view', () => {
  it('reads an empty status as pending; confirmed is the success tone', () => {
    expect(statusOf({ status: '' })).toBe('pending');
    expect(statusTone('confirmed')).toBe('success');
    expect(statusTone('pending')).not.toBe('success');
  });

  it('gives history types their tones', () => {
    expect(['created', 'edited', 'follow_up', 'comment'].map(historyTone)).toEqual([
      'brand',
      'warn',
      'info',
      'gray',
    ]);
  });

  it('shows the first values and counts the rest', () => {
    expect(firstOf(['a', 'b', 'c', 'd'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 1 });
    expect(firstOf(['a'], 3)).toEqual({ shown: ['a'], more: 0 });
  });

  it("words each send's status, with its tone", () => {
    expect(sendStatusLabel('read')).toBe('Read');
    expect(sendStatusLabel('unknown')).toBe('Outcome unknown');
    expect(sendStatusLabel(undefined)).toBe('Not sent');
    expect(sendStatusLabel('something_new')).toBe('something_new');
    expect(['failed', 'not_sent', 'unknown', 'delivered', 'queued'].map(sendStatusTone)).toEqual([
      'danger',
      'danger',
      'warn',
      'success',
      'gray',
    ]);
  });
});

describe('list params', () => {
  it('knows when a filter is set and which filters are typed', () => {
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, channel: 'email' })).toBe(true);
    expect(isDebounced('q')).toBe(true);
    expect(isDebounced('channel')).toBe(false);
  });
});
