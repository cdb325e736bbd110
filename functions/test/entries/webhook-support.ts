// Meta's webhook as the tests post it: signed with the app secret the tests' settings hold.
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { functionsApp } from './support';

const meta = functionsApp(null);

export const sign = (body: string, secret = 'app-secret') =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export function deliver(payload: object, signature?: string) {
  const body = JSON.stringify(payload);
  return request(meta)
    .post('/api/integrations/whatsapp/webhook')
    .set('Content-Type', 'application/json')
    .set('X-Hub-Signature-256', signature ?? sign(body))
    .send(body);
}

export function inbound(messages: object[], contacts: object[] = []) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA_ID',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: '1098765432' },
              contacts,
              messages,
            },
          },
        ],
      },
    ],
  };
}

export const text = (id: string, from: string, body: string) => ({
  from,
  id,
  timestamp: '1780000000',
  type: 'text',
  text: { body },
});

export function statuses(list: object[]) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA_ID', changes: [{ field: 'messages', value: { statuses: list } }] }],
  };
}
