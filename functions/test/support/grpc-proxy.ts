// An HTTP/2 proxy between the API and the database for the tests that put something between
// them (a lost answer, a database that does not answer yet): each gRPC call goes to `route`,
// which passes it on (passCall) when and how it likes.
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { resetBackends } from './backends';

type Route = (
  stream: http2.ServerHttp2Stream,
  headers: http2.IncomingHttpHeaders,
  upstream: http2.ClientHttp2Session,
) => void;

/** Puts the proxy in front of the database for this file's Admin SDK (made after it). */
export function useGrpcProxy(route: Route): void {
  const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST!;
  const upstream = http2.connect(`http://${firestoreHost}`);
  const proxy = http2.createServer();
  const sessions = new Set<http2.ServerHttp2Session>();
  proxy.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  proxy.on('stream', (stream, headers) => route(stream, headers, upstream));
  beforeAll(async () => {
    await resetBackends();
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    // Read by the Admin SDK when this file's Firestore client is made, on its first call.
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
    for (const session of sessions) session.destroy();
    upstream.close();
    await new Promise((r) => proxy.close(r));
  });
}

/** Passes one gRPC call to the database (`upstream`), its answer back to `stream` unless told otherwise. */
export function passCall(
  upstream: http2.ClientHttp2Session,
  stream: http2.ServerHttp2Stream,
  headers: http2.IncomingHttpHeaders,
  body: Buffer[] | undefined,
  answered: (lostAnswer: boolean) => void = () => undefined,
  loseAnswer = false,
) {
  const forwarded = Object.fromEntries(
    Object.entries(headers).filter(([name]) => name !== ':scheme' && name !== ':authority'),
  );
  const call = upstream.request(forwarded);
  if (body) call.end(Buffer.concat(body));
  else stream.pipe(call);
  let trailers: http2.OutgoingHttpHeaders = {};
  // A failure is answered trailers-only: headers holding the status, ending the stream.
  let trailersOnly = false;
  call.on('response', (answer) => {
    trailersOnly = answer['grpc-status'] !== undefined;
    if (loseAnswer) return;
    stream.respond(answer, trailersOnly ? { endStream: true } : { waitForTrailers: true });
  });
  call.on('data', (chunk: Buffer) => {
    if (!loseAnswer) stream.write(chunk);
  });
  call.on('trailers', (received) => (trailers = received));
  call.on('end', () => {
    if (!loseAnswer && !trailersOnly) stream.end();
    answered(loseAnswer);
  });
  if (loseAnswer) return;
  stream.on('wantTrailers', () => stream.sendTrailers(trailers));
  call.on('error', () => stream.destroy());
  stream.on('error', () => call.destroy());
}
