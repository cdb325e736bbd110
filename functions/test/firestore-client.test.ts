// The api's Firestore client takes large answers without waiting on its own event loop: its
// connection to Firestore opens an HTTP/2 receive window of FIRESTORE_RECEIVE_WINDOW_BYTES
// (firebase.ts), read here from the live connection through gRPC's channelz after a call.
import * as grpc from '@grpc/grpc-js';
import { deleteApp, getApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { FIRESTORE_RECEIVE_WINDOW_BYTES, getDb } from '../src/firebase';

type Handler = (
  call: { request: Record<string, string> },
  callback: (err: unknown, answer?: unknown) => void,
) => void;
const channelz = grpc.getChannelzHandlers() as unknown as Record<string, Handler>;
const ask = <T>(method: string, request: Record<string, string>) =>
  new Promise<T>((resolve, reject) =>
    channelz[method]({ request }, (err, answer) => (err ? reject(err) : resolve(answer as T))),
  );

interface Ref {
  subchannel_id?: string;
  socket_id?: string;
}

/** The receive windows of every client socket open in this process. */
async function receiveWindows(): Promise<number[]> {
  const { channel } = await ask<{ channel: { subchannel_ref: Ref[] }[] }>('GetTopChannels', {
    start_channel_id: '0',
  });
  const windows: number[] = [];
  for (const ref of channel.flatMap((c) => c.subchannel_ref)) {
    const { subchannel } = await ask<{ subchannel: { socket_ref: Ref[] } }>('GetSubchannel', {
      subchannel_id: String(ref.subchannel_id),
    });
    for (const socketRef of subchannel.socket_ref) {
      const { socket } = await ask<{ socket: { data: { local_flow_control_window: unknown } } }>(
        'GetSocket',
        { socket_id: String(socketRef.socket_id) },
      );
      windows.push(Number((socket.data.local_flow_control_window as { value?: unknown })?.value));
    }
  }
  return windows;
}

describe('the Firestore client', () => {
  it('opens a receive window of megabytes on its connection, not HTTP/2’s 64 KB', async () => {
    await getDb().collection('customers').limit(1).get();
    const windows = await receiveWindows();
    expect(windows.length).toBeGreaterThan(0);
    for (const window of windows)
      expect(window).toBeGreaterThan(FIRESTORE_RECEIVE_WINDOW_BYTES / 2);
  });

  it('is still given out when code outside the functions used it first (a browser test does)', async () => {
    await deleteApp(getApp());
    initializeApp({ projectId: process.env.GCLOUD_PROJECT });
    const theirs = getFirestore();
    await theirs.collection('customers').limit(1).get();
    expect(getDb()).toBe(theirs);
    await getDb().collection('customers').limit(1).get();
  });
});
