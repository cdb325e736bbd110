import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SenderEnv } from '../../src/integrations/config';
import { sendWithCloudApi } from '../../src/integrations/whatsapp/cloud-api';
import {
  closedPort,
  startRecordingServer,
  type RecordingServer,
} from '../support/recording-server';

describe('WhatsApp through the Cloud API', () => {
  let graph: RecordingServer;
  const config = { token: 'EAAG-test-token', phoneNumberId: '1098765432' };
  const env = (timeoutMs = 10_000): SenderEnv => ({
    sendgridApiBase: undefined,
    whatsappApiBase: graph.url,
    whatsappApiVersion: 'v22.0',
    timeoutMs,
  });

  beforeAll(async () => {
    graph = await startRecordingServer();
  });
  afterAll(() => graph.close());
  beforeEach(() => {
    graph.requests.length = 0;
    graph.replies.length = 0;
  });

  it('posts a text message to /{version}/{phoneNumberId}/messages with the token', async () => {
    const outcome = await sendWithCloudApi(config, env(), { to: '98123 45678', text: 'Namaste!' });
    expect(outcome).toEqual({ ok: true, provider: 'whatsapp', messageId: 'wamid.TEST1' });
    expect(graph.requests).toHaveLength(1);
    const [request] = graph.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v22.0/1098765432/messages');
    expect(request.headers.authorization).toBe('Bearer EAAG-test-token');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919812345678',
      type: 'text',
      text: { preview_url: false, body: 'Namaste!' },
    });
  });

  it('sends a template with its language and body parameters', async () => {
    await sendWithCloudApi(config, env(), {
      to: '+919812345678',
      template: { name: 'payment_reminder', language: 'en_US', parameters: ['Ravi', '₹12,500'] },
    });
    expect(graph.requests[0].json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919812345678',
      type: 'template',
      template: {
        name: 'payment_reminder',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ravi' },
              { type: 'text', text: '₹12,500' },
            ],
          },
        ],
      },
    });
  });

  it('sends a template without parameters without components', async () => {
    await sendWithCloudApi(config, env(), {
      to: '+919812345678',
      template: { name: 'hello_world', language: 'en_US' },
    });
    expect(graph.requests[0].json).toMatchObject({
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
    expect(graph.requests[0].json).not.toHaveProperty('template.components');
  });

  it('sends a document by link with its file name and caption', async () => {
    await sendWithCloudApi(config, env(), {
      to: '+919812345678',
      media: {
        type: 'document',
        link: 'https://crm.example.in/api/files/q.pdf',
        filename: 'q.pdf',
        caption: 'Your quotation',
      },
    });
    expect(graph.requests[0].json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919812345678',
      type: 'document',
      document: {
        link: 'https://crm.example.in/api/files/q.pdf',
        caption: 'Your quotation',
        filename: 'q.pdf',
      },
    });
  });

  it('sends an image by link', async () => {
    await sendWithCloudApi(config, env(), {
      to: '+919812345678',
      media: { type: 'image', link: 'https://crm.example.in/p.png', caption: 'Pump' },
    });
    expect(graph.requests[0].json).toMatchObject({
      type: 'image',
      image: { link: 'https://crm.example.in/p.png', caption: 'Pump' },
    });
  });

  it("reports Graph's own error message and code", async () => {
    graph.replies.push({
      status: 400,
      body: {
        error: {
          message: '(#131030) Recipient phone number not in allowed list',
          type: 'OAuthException',
          code: 131030,
          fbtrace_id: 'A1',
        },
      },
    });
    expect(await sendWithCloudApi(config, env(), { to: '+919812345678', text: 'x' })).toEqual({
      ok: false,
      provider: 'whatsapp',
      error:
        'WhatsApp refused the message: (#131030) Recipient phone number not in allowed list (WhatsApp 131030)',
      kind: 'refused',
      code: 131030,
    });
  });

  it('reports a 500 without a JSON body', async () => {
    graph.replies.push({ status: 500, body: 'upstream exploded' });
    expect(await sendWithCloudApi(config, env(), { to: '+919812345678', text: 'x' })).toEqual({
      ok: false,
      provider: 'whatsapp',
      error: 'WhatsApp Cloud API 500: "upstream exploded"',
      kind: 'refused',
      code: 500,
    });
  });

  it('gives up after the timeout', async () => {
    graph.replies.push({ status: 200, body: {}, delayMs: 3000 });
    const started = Date.now();
    expect(await sendWithCloudApi(config, env(300), { to: '+919812345678', text: 'x' })).toEqual({
      ok: false,
      provider: 'whatsapp',
      error: 'The WhatsApp Cloud API did not answer within 0.3 s: the message may have been sent',
      kind: 'unknown',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports an unreachable API', async () => {
    const outcome = await sendWithCloudApi(
      config,
      { ...env(), whatsappApiBase: `http://127.0.0.1:${await closedPort()}` },
      { to: '+919812345678', text: 'x' },
    );
    expect(outcome).toEqual({
      ok: false,
      provider: 'whatsapp',
      error: 'The WhatsApp Cloud API could not be reached: ECONNREFUSED',
      kind: 'retry',
    });
  });

  it('refuses bad input without calling the API', async () => {
    expect(await sendWithCloudApi(config, env(), { to: '12345', text: 'x' })).toEqual({
      ok: false,
      provider: 'whatsapp',
      error: 'Not a phone number',
    });
    expect(await sendWithCloudApi(config, env(), { to: '+919812345678' })).toMatchObject({
      ok: false,
      error: 'The WhatsApp message is empty (no text, template or media)',
    });
    expect(
      await sendWithCloudApi(config, env(), {
        to: '+919812345678',
        media: { type: 'image', link: 'file:///etc/passwd' },
      }),
    ).toMatchObject({ ok: false, error: 'The WhatsApp media link must be an http(s) URL' });
    expect(graph.requests).toHaveLength(0);
  });
});
