// Cross-site requests: a call signed in by the __session cookie must come from the app's own
// pages, and routes take JSON bodies only (multipart where the table says so), so an HTML form
// posted from another site (the functions runtime parses forms before the app runs) writes
// nothing.
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../src/firebase';
import { CROSS_ORIGIN } from '../../src/http/same-origin';
import { bearer, createAccount, login } from '../support/accounts';
import { resetBackends } from '../support/backends';
import { runtimeApp } from '../support/runtime-app';

const app = runtimeApp();
let token: string;

beforeAll(async () => {
  await resetBackends();
  token = await login(app, await createAccount({ role: 'sales' }));
});

const customerCount = async () =>
  (await getDb().collection('customers').count().get()).data().count;
const cookie = () => `__session=${token}`;

describe('calls signed in by the session cookie', () => {
  it('refuses a form posted from another site, and writes nothing', async () => {
    const res = await request(app)
      .post('/api/customers')
      .set('Cookie', cookie())
      .set('Origin', 'https://evil.example')
      .type('form')
      .send('names[]=CSRF+Victim');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: CROSS_ORIGIN });
    expect(await customerCount()).toBe(0);
  });

  it('refuses a same-site page (a sibling subdomain) even with a JSON body', async () => {
    const res = await request(app)
      .post('/api/customers')
      .set('Cookie', cookie())
      .set('Sec-Fetch-Site', 'same-site')
      .send({ names: ['Sibling'] });
    expect(res.status).toBe(403);
    expect(await customerCount()).toBe(0);
  });

  it('refuses a change that says neither Sec-Fetch-Site nor Origin', async () => {
    const res = await request(app)
      .post('/api/customers')
      .set('Cookie', cookie())
      .send({ names: ['Nowhere'] });
    expect(res.status).toBe(403);
    expect(await customerCount()).toBe(0);
  });

  it("takes the app's own pages: Sec-Fetch-Site same-origin, or an Origin of the host called", async () => {
    const fetchMetadata = await request(app)
      .post('/api/customers')
      .set('Cookie', cookie())
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ names: ['Own Page'] });
    expect(fetchMetadata.status, JSON.stringify(fetchMetadata.body)).toBe(201);
    const origin = await request(app)
      .post('/api/customers')
      .set('Cookie', cookie())
      .set('Host', 'crm.example.in')
      .set('Origin', 'https://crm.example.in')
      .send({ names: ['Own Origin'] });
    expect(origin.status, JSON.stringify(origin.body)).toBe(201);
    // Behind Hosting's rewrite the console's host comes as X-Forwarded-Host.
    const forwarded = await request(app)
      .post('/api/customers')
      .set('Cookie', cookie())
      .set('X-Forwarded-Host', 'crm.example.in')
      .set('Origin', 'https://crm.example.in')
      .send({ names: ['Through Hosting'] });
    expect(forwarded.status, JSON.stringify(forwarded.body)).toBe(201);
    expect(await customerCount()).toBe(3);
  });

  it('believes X-Forwarded-Host on the local stack only from the front', async () => {
    vi.stubEnv('CRM_FRONT_SECRET', 'the-front-secret');
    try {
      const send = (front?: string) => {
        const call = request(app)
          .post('/api/customers')
          .set('Cookie', cookie())
          .set('Host', '127.0.0.1:7000')
          .set('X-Forwarded-Host', 'evil.example')
          .set('Origin', 'https://evil.example');
        return (front ? call.set('X-CRM-Front', front) : call).send({ names: ['Forwarded'] });
      };
      expect((await send()).status).toBe(403);
      expect((await send('a-guess')).status).toBe(403);
      expect((await send('the-front-secret')).status).toBe(201);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('lets reads through from a link opened by hand, not from another site', async () => {
    const typed = await request(app)
      .get('/api/auth/me')
      .set('Cookie', cookie())
      .set('Sec-Fetch-Site', 'none');
    expect(typed.status).toBe(200);
    const crossSite = await request(app)
      .get('/api/auth/me')
      .set('Cookie', cookie())
      .set('Sec-Fetch-Site', 'cross-site');
    expect(crossSite.status).toBe(403);
  });

  it('needs no origin for the Bearer header: another site cannot read the token', async () => {
    const res = await request(app)
      .post('/api/customers')
      .set(...bearer(token))
      .set('Origin', 'https://evil.example')
      .send({ names: ['By Bearer'] });
    expect(res.status).toBe(201);
  });
});

describe('request bodies', () => {
  it('refuses a form or plain text on a JSON route with 415, and writes nothing', async () => {
    const before = await customerCount();
    const form = await request(app)
      .post('/api/customers')
      .set(...bearer(token))
      .type('form')
      .send('names[]=Form+Post');
    expect(form.status).toBe(415);
    expect(form.body).toEqual({
      message: 'Send the request body as JSON (Content-Type: application/json).',
    });
    const text = await request(app)
      .post('/api/customers')
      .set(...bearer(token))
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ names: ['Text Post'] }));
    expect(text.status).toBe(415);
    expect(await customerCount()).toBe(before);
  });

  it('refuses JSON on a multipart route, and takes bodiless posts anywhere', async () => {
    const upload = await request(app)
      .post('/api/uploads')
      .set(...bearer(token))
      .send({ files: [] });
    expect(upload.status).toBe(415);
    expect(upload.body).toEqual({ message: 'Send the files as multipart/form-data.' });
    const logout = await request(app)
      .post('/api/auth/logout')
      .set(...bearer(await login(app, await createAccount())));
    expect(logout.status).toBe(200);
  });

  it('still takes JSON from a public caller without a cookie (webhooks post JSON)', async () => {
    const res = await request(app)
      .post('/api/integrations/whatsapp/webhook')
      .set('Content-Type', 'application/json')
      .send({ object: 'whatsapp_business_account', entry: [] });
    expect(res.status).not.toBe(415);
    expect(res.status).not.toBe(403);
  });
});
