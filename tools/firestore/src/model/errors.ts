import { status as Status } from '@grpc/grpc-js';

export { Status };

/** An error that reaches the client as a gRPC status with Firestore's codes. */
export class GrpcError extends Error {
  constructor(
    readonly code: Status,
    message: string,
  ) {
    super(message);
  }
}
