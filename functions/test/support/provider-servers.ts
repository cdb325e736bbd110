// Local stand-ins for the messaging providers (SendGrid's API, the Graph API) shared by every
// test of a file, with the senders pointed at them.
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetBackends } from './backends';
import { startRecordingServer, type RecordingServer } from './recording-server';

export interface ProviderServers {
  sendgrid: RecordingServer;
  graph: RecordingServer;
}

/** Sends to these servers, the server's own secrets left blank so the saved ones count. */
export function pointSendersAt({ sendgrid, graph }: ProviderServers): void {
  vi.stubEnv('SENDGRID_API_BASE', sendgrid.url);
  vi.stubEnv('WHATSAPP_API_BASE', graph.url);
  vi.stubEnv('SENDGRID_API_KEY', '');
  vi.stubEnv('WHATSAPP_TOKEN', '');
  vi.stubEnv('WHATSAPP_APP_SECRET', '');
}

export function clearRecordings(...servers: RecordingServer[]): void {
  for (const server of servers) {
    server.requests.length = 0;
    server.replies.length = 0;
  }
}

/**
 * For every test of the calling file: the provider servers (started once), and before each
 * test the backends reset, the recordings cleared and the senders pointed at the servers. The
 * answer's servers are there once the file's hooks have run (inside hooks and tests).
 */
export function useProviderServers(): ProviderServers {
  const servers = {} as ProviderServers;
  beforeAll(async () => {
    [servers.sendgrid, servers.graph] = await Promise.all([
      startRecordingServer(),
      startRecordingServer(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([servers.sendgrid.close(), servers.graph.close()]);
  });
  beforeEach(async () => {
    await resetBackends();
    clearRecordings(servers.sendgrid, servers.graph);
    pointSendersAt(servers);
  });
  afterEach(() => vi.unstubAllEnvs());
  return servers;
}
