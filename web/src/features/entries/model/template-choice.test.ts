// What the composers' one template picker offers: the app's text and WhatsApp templates, and
// the approved templates a message can fill (no Meta sample, no file's header).
import { describe, expect, it } from 'vitest';
import type { CatalogTemplate } from '../../whatsapp';
import type { Template } from '../../../resources/templates';
import { templateGroups } from './template-choice';

const approved = (name: string, headerFormat?: string): CatalogTemplate => ({
  name,
  language: 'en',
  status: 'APPROVED',
  category: 'UTILITY',
  body: 'Hello {{1}}',
  paramCount: 1,
  ...(headerFormat ? { headerFormat } : {}),
});

describe('templateGroups', () => {
  it('offers the approved templates a message can fill, not those whose header takes a file', () => {
    const app = [{ _id: 't1', type: 'text', title: 'Thanks', content: 'Thank you' }] as Template[];
    const groups = templateGroups(app, [
      approved('order_update'),
      approved('greeting', 'TEXT'),
      approved('quotation_document', 'DOCUMENT'),
      approved('new_arrivals', 'IMAGE'),
      approved('hello_world'),
    ]);
    expect(groups).toEqual([
      { label: 'Templates', options: [{ value: 'app:t1', label: 'Thanks' }] },
      {
        label: 'Approved at Meta (WhatsApp)',
        options: [
          { value: 'meta:order_update', label: 'order_update' },
          { value: 'meta:greeting', label: 'greeting' },
        ],
      },
    ]);
  });
});
