import { createRequire } from 'node:module';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import protobuf from 'protobufjs';

const require = createRequire(import.meta.url);

/** Firestore's own service definitions, as shipped with the SDK. */
const protosDir = path.join(
  path.dirname(require.resolve('@google-cloud/firestore/package.json')),
  'build',
  'protos',
);

/**
 * The options mirror how the SDK sees messages: camelCase fields, int64 as strings (so large
 * integers survive), enums as names, and `oneofs` so each Value names its own kind.
 */
export function loadFirestoreService(): grpc.ServiceDefinition {
  const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [protosDir],
    keepCase: false,
    longs: String,
    enums: String,
    bytes: Buffer,
    defaults: false,
    oneofs: true,
  });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    google: { firestore: { v1: { Firestore: grpc.ServiceClientConstructor } } };
  };
  return withOwnBytes(withDirectEncoding(loaded.google.firestore.v1.Firestore.service));
}

/**
 * A request's bytes fields (a transaction, a stream's token) are decoded as views into the
 * whole message's buffer, which a commit keeps until its journal line is on disk: long enough
 * to reach the old generation, where V8 counts such buffers and, at a large size, starts a full
 * collection of gigabytes for every 64 MB of them. Copied out, the message dies young.
 */
function withOwnBytes(service: grpc.ServiceDefinition): grpc.ServiceDefinition {
  const copied = Object.entries(service).map(([method, definition]) => {
    const decode = definition.requestDeserialize;
    const requestDeserialize = (buffer: Buffer) => {
      const request = decode(buffer) as Record<string, unknown>;
      for (const [field, value] of Object.entries(request))
        if (Buffer.isBuffer(value)) request[field] = Buffer.from(value);
      return request;
    };
    return [method, { ...definition, requestDeserialize }];
  });
  return Object.fromEntries(copied) as grpc.ServiceDefinition;
}

/**
 * The answers that carry documents (a query's, a batch get's) are encoded straight from the
 * stored values: they are already in the form proto-loader decodes into, and its serializer's
 * first step, copying each message into protobufjs's own objects (fromObject), is a large share
 * of encoding a customer (docs/benchmarks.md). Those answers' one enum is NullValue, whose one
 * value is 0, so its name needs no mapping; the other answers keep proto-loader's serializer.
 */
function withDirectEncoding(service: grpc.ServiceDefinition): grpc.ServiceDefinition {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) =>
    path.isAbsolute(target) ? target : path.join(protosDir, target);
  root.loadSync('google/firestore/v1/firestore.proto');
  const direct = (method: string, response: string) => {
    const type = root.lookupType(`google.firestore.v1.${response}`);
    return {
      ...service[method],
      responseSerialize: (value: object) => Buffer.from(type.encode(value).finish()),
    };
  };
  return {
    ...service,
    RunQuery: direct('RunQuery', 'RunQueryResponse'),
    BatchGetDocuments: direct('BatchGetDocuments', 'BatchGetDocumentsResponse'),
  };
}
