// Messaging tests run against the local stack's outbox (tools/stack/outbox.ts), which plays
// Meta's and SendGrid's rules and calls the app's webhooks back, signed: the app listens on a
// real port here so that the callbacks reach it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { startOutbox, type Outbox, type OutboxMessage } from '../../../tools/stack/outbox.ts';
import { resetBackends } from '../support/backends';
import { functionsApp, seedPeople, seedRavi } from '../entries/support';
import { DEFAULT_TEMPLATE, seedTemplateCatalog, writeSettings } from '../support/settings';

export const APP_SECRET = 'app-secret';
export const PUBLIC_BASE = 'https://crm.example.in';

export interface MessagingWorld {
  outbox: Outbox;
  /** The outbox's folder (its SendGrid event-signing key is there). */
  dir: string;
  ravi: string;
  /** The app's own address (what PUBLIC_BASE_URL may name for the outbox to fetch files). */
  appUrl: string;
  /** Every request the outbox took, as the providers received them. */
  sent(): Promise<OutboxMessage[]>;
  control(what: 'next' | 'inbound' | 'reset', body?: object): Promise<unknown>;
}

export async function configureMessaging(
  outbox: Outbox,
  defaultTemplate: object | null = DEFAULT_TEMPLATE,
): Promise<void> {
  await writeSettings(
    {
      companyName: 'Demo Dairy',
      integrations: {
        whatsapp: {
          phoneNumberId: '1098765432',
          verifyToken: 'verify-me',
          wabaId: '555',
          ...(defaultTemplate ? { defaultTemplate } : {}),
        },
        email: {
          smtpHost: 'smtp.sendgrid.net',
          smtpUser: 'apikey',
          fromEmail: 'crm@demo.in',
          eventWebhookKey: outbox.sendgridPublicKey,
        },
      },
    },
    { whatsappToken: 'wa-token', smtpPass: 'SG.key', whatsappAppSecret: APP_SECRET },
  );
  await seedTemplateCatalog();
}

export function useMessagingWorld(): MessagingWorld {
  const world = {} as MessagingWorld;
  let server: http.Server;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    world.dir = dir;
    world.outbox = await startOutbox(dir, () => undefined);
    server = http.createServer(functionsApp(null));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    world.appUrl = `http://127.0.0.1:${port}`;
    world.outbox.connect({
      baseUrl: `http://127.0.0.1:${port}`,
      appSecret: async () => APP_SECRET,
    });
    world.sent = async () =>
      (await (await fetch(`${world.outbox.url}/messages`)).json()) as OutboxMessage[];
    world.control = async (what, body = {}) =>
      (
        await fetch(`${world.outbox.url}/control/${what}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await world.outbox.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await resetBackends();
    await world.control('reset');
    for (const [name, value] of Object.entries(world.outbox.env)) vi.stubEnv(name, value);
    vi.stubEnv('SENDGRID_API_KEY', '');
    vi.stubEnv('WHATSAPP_TOKEN', '');
    vi.stubEnv('WHATSAPP_APP_SECRET', '');
    vi.stubEnv('PUBLIC_BASE_URL', PUBLIC_BASE);
    vi.stubEnv('FILE_LINK_SECRET', 'a-test-secret-for-file-links');
    await configureMessaging(world.outbox);
    await seedPeople();
    world.ravi = await seedRavi();
  });
  afterEach(() => vi.unstubAllEnvs());
  return world;
}

/** Waits until `check` answers something truthy (the providers' callbacks come a bit later). */
export async function eventually<T>(check: () => Promise<T>, ms = 8_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
